/**
 * The files of one message (a question or a follow-up): checked on the device against `uploadPolicy` before any
 * upload (type by extension, size, count; an image by its first bytes too), uploaded one call each as soon as
 * they are picked, images previewed from object URLs that are revoked when the file is removed, the message is
 * sent, or the form goes away. A file refused - on the device or by the server - leaves the list (no
 * broken picture of it stays) and is reported among the refusals.
 */
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@gp/api-client';
import { fileExtension, hasUploadExtension, uploadPolicy } from '@gp/contracts/cs';
import { codes } from '@gp/errors';
import { serviceCalls } from '../api/service.calls.ts';

export type AttachmentState = 'uploading' | 'ready' | 'failed';

export interface Attachment {
  key: string;
  name: string;
  size: number;
  /** An object URL of the picked image; undefined for LOG files. */
  preview: string | undefined;
  state: AttachmentState;
  /** The server's id once uploaded. */
  fileId?: string;
  error?: unknown;
}

/**
 * Why a picked file was not taken: not JPG / JPEG / PNG / LOG, above 5 MB, past the five files of a message, an
 * image name on something that is no JPEG or PNG (`content`), or refused by the server (`server`, with its error).
 */
export interface Refusal {
  name: string;
  reason: 'type' | 'size' | 'count' | 'content' | 'server';
  error?: unknown;
}

const imageExtensions = new Set(['jpg', 'jpeg', 'png']);
/** The server's answers that refuse the file itself (nothing stored), as opposed to a failed call. */
const refusalCodes: ReadonlySet<number> = new Set([
  codes.serviceFileTooLarge,
  codes.serviceFileTypeNotAllowed,
  codes.serviceTooManyUploads,
]);
let counter = 0;

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const jpegSignature = [0xff, 0xd8, 0xff];

/** The first bytes of a JPEG or a PNG, as the server checks them: a picture the browser can at least try to show. */
export async function looksLikeImage(file: Blob): Promise<boolean> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.slice(0, pngSignature.length).arrayBuffer());
  } catch {
    return false;
  }
  const starts = (signature: number[]) =>
    bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);
  return starts(pngSignature) || starts(jpegSignature);
}

export function useAttachments(
  upload: (file: File) => Promise<{ file_id: string }> = (file) => serviceCalls.upload({ file }),
  isImage: (file: File) => Promise<boolean> = looksLikeImage,
) {
  const [items, setItems] = useState<Attachment[]>([]);
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  /** Keys of the files in the list now: an answer about a file removed meanwhile changes nothing. */
  const live = useRef(new Set<string>());
  /** Object URLs of the previews by file key, revoked when their file goes, and all on unmount. */
  const previews = useRef(new Map<string, string>());

  useEffect(() => {
    const alive = previews.current;
    return () => {
      for (const url of alive.values()) URL.revokeObjectURL(url);
      alive.clear();
    };
  }, []);

  /** Takes files out of the list and releases their previews. */
  const drop = (keys: readonly string[]) => {
    const gone = new Set(keys);
    for (const key of gone) {
      live.current.delete(key);
      const url = previews.current.get(key);
      if (url) URL.revokeObjectURL(url);
      previews.current.delete(key);
    }
    setItems((list) => list.filter((a) => !gone.has(a.key)));
  };

  const patch = (key: string, change: Partial<Attachment>) =>
    setItems((list) => list.map((a) => (a.key === key ? { ...a, ...change } : a)));

  /** A file turned out to be refused: it leaves the list, and the refusals say why. */
  const refuse = (key: string, refusal: Refusal) => {
    if (!live.current.has(key)) return;
    drop([key]);
    setRefusals((list) => [...list, refusal]);
  };

  const send = (key: string, file: File) => {
    upload(file).then(
      (answer) => patch(key, { state: 'ready', fileId: answer.file_id, error: undefined }),
      (error: unknown) => {
        if (error instanceof ApiError && refusalCodes.has(error.code))
          refuse(key, { name: file.name, reason: 'server', error });
        else patch(key, { state: 'failed', error });
      },
    );
  };

  /** An image is shown and sent only once its first bytes say it is one; anything else is sent at once. */
  const start = (key: string, file: File, image: boolean) => {
    if (!image) return send(key, file);
    void isImage(file).then((ok) => {
      if (!live.current.has(key)) return;
      if (!ok) return refuse(key, { name: file.name, reason: 'content' });
      const preview = URL.createObjectURL(file);
      previews.current.set(key, preview);
      patch(key, { preview });
      send(key, file);
    });
  };

  /** Takes what passes the checks, starts their uploads, and reports the rest. */
  const add = (files: readonly File[]) => {
    const refused: Refusal[] = [];
    const taken: { item: Attachment; file: File; image: boolean }[] = [];
    let room = uploadPolicy.maxPerMessage - items.length;
    for (const file of files) {
      if (!hasUploadExtension(file.name)) refused.push({ name: file.name, reason: 'type' });
      else if (file.size > uploadPolicy.maxBytes) refused.push({ name: file.name, reason: 'size' });
      else if (room <= 0) refused.push({ name: file.name, reason: 'count' });
      else {
        room -= 1;
        counter += 1;
        taken.push({
          file,
          image: imageExtensions.has(fileExtension(file.name)),
          item: {
            key: `a${counter}`,
            name: file.name,
            size: file.size,
            preview: undefined,
            state: 'uploading',
          },
        });
      }
    }
    setRefusals(refused);
    if (taken.length === 0) return;
    for (const { item } of taken) live.current.add(item.key);
    setItems((list) => [...list, ...taken.map((t) => t.item)]);
    for (const { item, file, image } of taken) start(item.key, file, image);
  };

  const remove = (key: string) => {
    drop([key]);
    setRefusals([]);
  };

  /** After sending: previews are released and the list starts empty. */
  const clear = () => {
    drop([...live.current]);
    setRefusals([]);
  };

  return {
    items,
    refusals,
    add,
    remove,
    clear,
    /** Ids of the uploaded files, in the order they were picked. */
    fileIds: items.flatMap((a) => (a.state === 'ready' && a.fileId ? [a.fileId] : [])),
    uploading: items.some((a) => a.state === 'uploading'),
    failed: items.some((a) => a.state === 'failed'),
  };
}

export type Attachments = ReturnType<typeof useAttachments>;
