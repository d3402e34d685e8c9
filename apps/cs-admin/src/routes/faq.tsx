import { useTranslation } from 'react-i18next';
import { useLoaderData, useLocation, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { Alert, App, Button } from 'antd';
import { editLanguages, type EditLanguage, type FaqAdminItem } from '@gp/contracts/catalog-admin';
import { languageOf } from '@gp/i18n/languages';
import { useStaffSession } from '../lib/staff-session.ts';
import { ListPagination } from '../lib/list-pagination.tsx';
import { PageFrame } from '../lib/page-frame.tsx';
import { useListPage } from '../lib/use-list-page.ts';
import {
  type FaqActions,
  faqCalls,
  faqErrorText,
  type FaqFilters,
  FaqFiltersForm,
  faqFiltersFromUrl,
  faqFiltersToSearch,
  faqQueryOf,
  FaqTable,
  faqTypesQueryOf,
  listFaqGames,
  useAnswer,
} from '../features/faq/index.ts';

export async function loader({ request }: LoaderFunctionArgs) {
  const filters = faqFiltersFromUrl(new URL(request.url));
  return { filters, page: await faqCalls.page(faqQueryOf(filters)) };
}

/**
 * FAQ entries (faq privilege): filters in the URL (game or every game, type, what players see, words, language),
 * paging, the online switch per entry, delete after a confirmation; titles open the editor.
 */
export default function Faq() {
  const { t, i18n } = useTranslation('ops');
  const { filters, page } = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigate = useNavigate();
  const list = useListPage(faqFiltersToSearch);
  const { modal } = App.useApp();
  const { can } = useStaffSession();
  const allGames = can('games');
  const games = useAnswer(`games:${allGames}`, () => listFaqGames(allGames));
  const types = useAnswer('types', () => faqCalls.types(faqTypesQueryOf()));
  const ownLanguage = languageOf(i18n.language) ?? 'en'; // i18next's language is a tag (zh-Hans), ours is cn
  const consoleLanguage = (editLanguages as readonly string[]).includes(ownLanguage)
    ? (ownLanguage as EditLanguage)
    : 'en';

  const apply = (next: FaqFilters) => list.apply(next);

  const run = (entry: FaqAdminItem, work: () => Promise<unknown>, done: string) =>
    list.run(entry.question_id, work, {
      done: t(done, { title: entry.question_title }),
      errorText: (error) => faqErrorText(t, error),
    });
  const actions: FaqActions = {
    setOnline: (entry, online) =>
      void run(
        entry,
        () => faqCalls.switchOnline({ question_id: entry.question_id, is_online: online ? 1 : 0 }),
        online ? 'faq.switchedOn' : 'faq.switchedOff',
      ),
    remove: (entry) =>
      void modal.confirm({
        title: t('faq.deleteConfirmTitle'),
        content: t('faq.deleteConfirm', { title: entry.question_title }),
        okText: t('common.delete'),
        okButtonProps: { danger: true },
        cancelText: t('common.cancel'),
        onOk: () => run(entry, () => faqCalls.delete({ question_id: entry.question_id }), 'faq.deleted'),
      }),
  };

  const optionsFailed = games.error !== undefined || types.error !== undefined;
  return (
    <PageFrame
      title={t('faq.title')}
      toolbar={
        <Button
          type="primary"
          onClick={() => void navigate('/faq/new', { state: { listSearch: location.search } })}
        >
          {t('faq.add')}
        </Button>
      }
    >
      <FaqFiltersForm
        key={faqFiltersToSearch(filters).toString()}
        filters={filters}
        games={games.data ?? []}
        types={types.data ?? []}
        onApply={apply}
      />
      {optionsFailed && <Alert type="warning" showIcon title={faqErrorText(t, games.error ?? types.error)} />}
      <FaqTable
        entries={page.list}
        actions={actions}
        busyEntry={typeof list.busyKey === 'number' ? list.busyKey : null}
        busy={list.loading}
        listSearch={location.search}
        language={filters.language ?? consoleLanguage}
      />
      <ListPagination {...list.pagination(page, filters)} totalText={(count) => t('faq.total', { count })} />
    </PageFrame>
  );
}
