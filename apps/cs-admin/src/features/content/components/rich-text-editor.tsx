/**
 * The rich-text editor of article bodies (TipTap). It offers only what the server's sanitizer keeps
 * (apps/api/src/modules/content/rich-text.ts): headings h2-h4, paragraphs, lists, bold / italic / underline,
 * quotes, rules, line breaks and links to http(s), mailto or a site path. No images, code, strike-through or
 * styles: the server would drop them on save. Its value is the body's HTML ('' when nothing is written).
 * Loaded on its own (React.lazy in rich-text-field.tsx), so the other console screens do not carry TipTap.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Input, Tooltip } from 'antd';
import styles from './rich-text-editor.module.css';
import layout from '../../../lib/layout.module.css';

/** What the sanitizer lets through as a link target: http(s), mailto, or a path on our site (not `//host`). */
export function isAllowedLink(href: string): boolean {
  return /^(?:https?:\/\/[^\s]+|mailto:[^\s]+|\/(?!\/)[^\s]*)$/i.test(href.trim());
}

const extensions = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    code: false,
    codeBlock: false,
    strike: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      protocols: ['mailto'],
      isAllowedUri: (url) => isAllowedLink(url),
      // The server sets target and rel itself (a new tab for other sites only); the editor sends the bare link.
      HTMLAttributes: { target: null, rel: null, class: null },
    },
  }),
];

/** The body's HTML, or '' when nothing is written (TipTap's empty document is `<p></p>`). */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

export interface RichTextEditorProps {
  id?: string;
  value?: string;
  onChange?: (html: string) => void;
  /** The visible label's id: the editable area is named by it. */
  labelledBy: string;
  /** Ids of help and error texts. */
  describedBy?: string;
  invalid?: boolean;
  /** The language the body is written in (`lang` of the editable area, for spell checking and screen readers). */
  lang?: string;
}

/** The editable area's attributes (ProseMirror renders the element, so they go through its options). */
function attributesOf({
  id,
  labelledBy,
  describedBy,
  invalid,
  lang,
}: RichTextEditorProps): Record<string, string> {
  return {
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelledBy,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
    ...(lang ? { lang } : {}),
    ...(id ? { id } : {}),
  };
}

export default function RichTextEditor(props: RichTextEditorProps) {
  const { value = '', onChange, invalid = false } = props;
  const attributes = attributesOf(props);
  const editor = useEditor({
    extensions,
    content: value,
    editorProps: { attributes },
    onUpdate: ({ editor: current }) => onChange?.(htmlOf(current)),
  });

  // A value set from outside (a cleared language) replaces the document; the editor's own edits match already.
  useEffect(() => {
    if (value !== htmlOf(editor)) editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  // The attributes that change after mounting (error state, help texts) follow the props.
  const attributeKey = JSON.stringify(attributes);
  useEffect(() => {
    editor.setOptions({ editorProps: { attributes: JSON.parse(attributeKey) as Record<string, string> } });
  }, [editor, attributeKey]);

  return (
    <div className={`${styles.editor} ${invalid ? styles.invalid : ''}`}>
      <Toolbar editor={editor} />
      <EditorContent editor={editor} className={styles.content} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation('cms');
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      h4: e.isActive('heading', { level: 4 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const [linking, setLinking] = useState<string | null>(null);
  const chain = () => editor.chain().focus();
  const tool = (
    key: string,
    label: string,
    content: ReactNode,
    run: () => void,
    { pressed, disabled = false }: { pressed?: boolean; disabled?: boolean } = {},
  ) => (
    <Tooltip key={key} title={label}>
      <Button
        size="small"
        type={pressed ? 'primary' : 'default'}
        aria-label={label}
        aria-pressed={pressed}
        disabled={disabled}
        onClick={run}
        // Keeps the text selection: a mouse press on the button would move the focus out of the body first.
        onMouseDown={(e) => e.preventDefault()}
      >
        {content}
      </Button>
    </Tooltip>
  );
  const heading = (level: 2 | 3 | 4, pressed: boolean) =>
    tool(
      `h${level}`,
      t('editor.heading', { level }),
      `H${level}`,
      () => chain().toggleHeading({ level }).run(),
      {
        pressed,
      },
    );
  return (
    <>
      <div role="toolbar" aria-label={t('editor.toolbar')} className={styles.toolbar}>
        {tool('bold', t('editor.bold'), <b>B</b>, () => chain().toggleBold().run(), { pressed: state.bold })}
        {tool('italic', t('editor.italic'), <i>I</i>, () => chain().toggleItalic().run(), {
          pressed: state.italic,
        })}
        {tool('underline', t('editor.underline'), <u>U</u>, () => chain().toggleUnderline().run(), {
          pressed: state.underline,
        })}
        <span className={styles.separator} aria-hidden />
        {heading(2, state.h2)}
        {heading(3, state.h3)}
        {heading(4, state.h4)}
        <span className={styles.separator} aria-hidden />
        {tool('ul', t('editor.bulletList'), '•', () => chain().toggleBulletList().run(), {
          pressed: state.bulletList,
        })}
        {tool('ol', t('editor.orderedList'), '1.', () => chain().toggleOrderedList().run(), {
          pressed: state.orderedList,
        })}
        {tool('quote', t('editor.quote'), '\u201c', () => chain().toggleBlockquote().run(), {
          pressed: state.blockquote,
        })}
        {tool('hr', t('editor.rule'), '\u2014', () => chain().setHorizontalRule().run())}
        <span className={styles.separator} aria-hidden />
        {tool(
          'link',
          state.link ? t('editor.editLink') : t('editor.link'),
          t('editor.linkShort'),
          () => setLinking(state.href),
          { pressed: state.link },
        )}
        {tool(
          'unlink',
          t('editor.unlink'),
          t('editor.unlinkShort'),
          () => chain().extendMarkRange('link').unsetLink().run(),
          {
            disabled: !state.link,
          },
        )}
        <span className={styles.separator} aria-hidden />
        {tool('undo', t('editor.undo'), '\u21b6', () => chain().undo().run(), { disabled: !state.canUndo })}
        {tool('redo', t('editor.redo'), '\u21b7', () => chain().redo().run(), { disabled: !state.canRedo })}
      </div>
      {linking !== null && (
        <LinkBar
          initial={linking}
          onCancel={() => {
            setLinking(null);
            editor.commands.focus();
          }}
          onApply={(href) => {
            setLinking(null);
            if (href === '') chain().extendMarkRange('link').unsetLink().run();
            else chain().extendMarkRange('link').setLink({ href }).run();
          }}
        />
      )}
    </>
  );
}

/** The link address of the selection: http(s), mailto or a site path; empty removes the link. */
function LinkBar({
  initial,
  onApply,
  onCancel,
}: {
  initial: string;
  onApply: (href: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('cms');
  const [href, setHref] = useState(initial);
  const [wrong, setWrong] = useState(false);
  const inputId = useId();
  const errorId = useId();
  const apply = () => {
    const value = href.trim();
    if (value !== '' && !isAllowedLink(value)) {
      setWrong(true);
      return;
    }
    onApply(value);
  };
  return (
    <div className={styles.link}>
      <label htmlFor={inputId}>{t('editor.linkAddress')}</label>
      <Input
        id={inputId}
        value={href}
        autoFocus
        status={wrong ? 'error' : undefined}
        aria-invalid={wrong}
        aria-describedby={wrong ? errorId : undefined}
        placeholder="https://"
        className={layout.fieldMax}
        onChange={(e) => {
          setHref(e.target.value);
          setWrong(false);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            apply();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            onCancel();
          }
        }}
      />
      <Button size="small" type="primary" onClick={apply}>
        {t('editor.linkApply')}
      </Button>
      <Button size="small" onClick={onCancel}>
        {t('editor.linkCancel')}
      </Button>
      {wrong && (
        <span id={errorId} role="alert" className={layout.danger}>
          {t('editor.linkWrong')}
        </span>
      )}
    </div>
  );
}
