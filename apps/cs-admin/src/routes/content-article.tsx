import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Link,
  useBlocker,
  useLoaderData,
  useNavigate,
  useRevalidator,
  type LoaderFunctionArgs,
} from 'react-router';
import { App, Button, Flex } from 'antd';
import { ApiError } from '@gp/api-client';
import type { ArticleAdminData } from '@gp/contracts/content-admin';
import { codes } from '@gp/errors';
import { errorMessage } from '../lib/error-message.ts';
import {
  articleBasePath,
  articleCalls,
  ArticleEditor,
  articleKindOfPath,
  PreviewLinks,
} from '../features/content/index.ts';
import { PageFrame } from '../lib/page-frame.tsx';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const kind = articleKindOfPath(new URL(request.url).pathname);
  const id = Number(params.id);
  if (params.id === undefined) return { kind, article: null };
  // An id that cannot exist is refused as the server refuses an unknown one.
  if (!Number.isInteger(id) || id < 1) throw new ApiError(codes.notFound, 'staff', 404);
  return { kind, article: await articleCalls[kind].detail({ id }) };
}

/**
 * A news item or an activity, new (`/content/news/new`) or saved (`/content/news/:id`): the editor, the preview
 * links and delete. Leaving with unsaved changes asks first.
 */
export default function ContentArticle() {
  const { t } = useTranslation('cms');
  const { kind, article } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { message, modal } = App.useApp();
  const dirty = useRef(false);
  const [changed, setChanged] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const scope = kind === 'news' ? 'news' : 'activity';
  const base = articleBasePath(kind);
  const title = article?.texts.en?.title;

  const markDirty = (next: boolean) => {
    dirty.current = next;
    setChanged(next);
  };

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t('form.leaveTitle'),
      content: t('form.leaveConfirm'),
      okText: t('form.leave'),
      okButtonProps: { danger: true },
      cancelText: t('form.stay'),
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, t]);

  // Closing or reloading the tab with unsaved changes: the browser asks.
  useEffect(() => {
    if (!changed) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [changed]);

  const onSaved = (saved: ArticleAdminData) => {
    if (!article) void navigate(`${base}/${saved.id}`, { replace: true });
    else void revalidator.revalidate();
  };

  const remove = (item: ArticleAdminData) =>
    void modal.confirm({
      title: t('delete.confirmTitle', { name: item.texts.en?.title ?? item.slug }),
      content: t('delete.articleConfirm'),
      okText: t('actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('actions.cancel'),
      onOk: async () => {
        setDeleting(true);
        try {
          await articleCalls[kind].delete({ id: item.id });
          markDirty(false);
          void message.success(t('delete.done', { name: item.texts.en?.title ?? item.slug }));
          await navigate(base, { replace: true });
        } catch (error) {
          setDeleting(false);
          void message.error(errorMessage(t, error));
        }
      },
    });

  return (
    <PageFrame
      title={article ? t(`${scope}.editHeading`, { title }) : t(`${scope}.newTitle`)}
      plain
      toolbar={<Link to={base}>{t(`${scope}.backToList`)}</Link>}
    >
      <ArticleEditor
        // Another article (or the new one saved) starts from its own values.
        key={article?.id ?? 'new'}
        kind={kind}
        article={article}
        onDirty={markDirty}
        onSaved={onSaved}
        actions={
          article && (
            <Flex gap={8} wrap align="center">
              <PreviewLinks kind={kind} id={article.id} dirty={changed} />
              <Button danger loading={deleting} onClick={() => remove(article)}>
                {t('actions.delete')}
              </Button>
            </Flex>
          )
        }
      />
    </PageFrame>
  );
}
