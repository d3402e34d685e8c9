/**
 * The files of one message (a question or a follow-up): checked on the device against `uploadPolicy` before any
 * upload (type by extension, size, count), uploaded one call each as soon as they are picked, images previewed
 * from object URLs that are revoked when the file is removed, the message is sent, or the form goes away.
 */
import { useEffect, useRef, useState } from 'react';
import { fileExtension, hasUploadExtension, uploadPolicy } from '@gp/contracts/cs';
import { uploadFile } from '../api/upload-file.ts';

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

/** Why a picked file was not taken: not JPG / JPEG / PNG / LOG, above 5 MB, or past the five files of a message. */
export interface Refusal {
  name: string;
  reason: 'type' | 'size' | 'count';
}

const imageExtensions = new Set(['jpg', 'jpeg', 'png']);
let counter = 0;

export function useAttachments(upload: (file: File) => Promise<{ file_id: string }> = uploadFile) {
  const [items, setItems] = useState<Attachment[]>([]);
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  /** Object URLs still alive, revoked on unmount. */
  const urls = useRef(new Set<string>());

  useEffect(() => {
    const alive = urls.current;
    return () => {
      for (const url of alive) URL.revokeObjectURL(url);
      alive.clear();
    };
  }, []);

  const revoke = (url: string | undefined) => {
    if (!url) return;
    URL.revokeObjectURL(url);
    urls.current.delete(url);
  };

  const patch = (key: string, change: Partial<Attachment>) =>
    setItems((list) => list.map((a) => (a.key === key ? { ...a, ...change } : a)));

  const start = (key: string, file: File) => {
    upload(file).then(
      (answer) => patch(key, { state: 'ready', fileId: answer.file_id, error: undefined }),
      (error: unknown) => patch(key, { state: 'failed', error }),
    );
  };

  /** Takes what passes the checks, starts their uploads, and reports the rest. */
  const add = (files: readonly File[]) => {
    const refused: Refusal[] = [];
    const taken: { item: Attachment; file: File }[] = [];
    let room = uploadPolicy.maxPerMessage - items.length;
    for (const file of files) {
      if (!hasUploadExtension(file.name)) refused.push({ name: file.name, reason: 'type' });
      else if (file.size > uploadPolicy.maxBytes) refused.push({ name: file.name, reason: 'size' });
      else if (room <= 0) refused.push({ name: file.name, reason: 'count' });
      else {
        room -= 1;
        const image = imageExtensions.has(fileExtension(file.name));
        const preview = image ? URL.createObjectURL(file) : undefined;
        if (preview) urls.current.add(preview);
        counter += 1;
        taken.push({
          file,
          item: { key: `a${counter}`, name: file.name, size: file.size, preview, state: 'uploading' },
        });
      }
    }
    setRefusals(refused);
    if (taken.length === 0) return;
    setItems((list) => [...list, ...taken.map((t) => t.item)]);
    for (const { item, file } of taken) start(item.key, file);
  };

  const remove = (key: string) => {
    revoke(items.find((a) => a.key === key)?.preview);
    setItems((list) => list.filter((a) => a.key !== key));
    setRefusals([]);
  };

  /** After sending: previews are released and the list starts empty. */
  const clear = () => {
    for (const a of items) revoke(a.preview);
    setItems([]);
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
