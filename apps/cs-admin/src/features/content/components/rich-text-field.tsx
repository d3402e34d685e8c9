import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from 'antd';

// TipTap and ProseMirror load only when an article editor opens: the other console screens stay light.
const RichTextEditor = lazy(() => import('./rich-text-editor.tsx'));

/**
 * A form control for a rich body (antd Form.Item passes id, value, onChange and its aria-* props). The label is
 * the element with id `labelId`: the editable area is no form element a `<label for>` could name.
 */
export function RichTextField({
  id,
  value,
  onChange,
  labelId,
  lang,
  mounted = true,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
}: {
  id?: string;
  value?: string;
  onChange?: (html: string) => void;
  labelId: string;
  lang?: string;
  /** false: the editor is not needed yet (a language tab never opened); the value is kept all the same. */
  mounted?: boolean;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
}) {
  const { t } = useTranslation('cms');
  if (!mounted) return null;
  return (
    <Suspense
      fallback={
        <div role="status" aria-label={t('editor.loading')}>
          <Skeleton active paragraph={{ rows: 4 }} title={false} />
        </div>
      }
    >
      <RichTextEditor
        id={id}
        value={value}
        onChange={onChange}
        labelledBy={labelId}
        describedBy={describedBy}
        invalid={invalid === true || invalid === 'true'}
        lang={lang}
      />
    </Suspense>
  );
}
