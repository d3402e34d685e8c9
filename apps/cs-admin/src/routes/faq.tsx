import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
  useRevalidator,
  useSearchParams,
  type LoaderFunctionArgs,
} from 'react-router';
import { Alert, App, Button, Card, Flex, Pagination, Typography } from 'antd';
import { editLanguages, type EditLanguage, type FaqAdminItem } from '@gp/contracts/catalog-admin';
import { languageOf } from '@gp/i18n/languages';
import { useStaffSession } from '../lib/staff-session.ts';
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
  const [, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const { message, modal } = App.useApp();
  const { can } = useStaffSession();
  const [busyEntry, setBusyEntry] = useState<number | null>(null);
  const allGames = can('games');
  const games = useAnswer(`games:${allGames}`, () => listFaqGames(allGames));
  const types = useAnswer('types', () => faqCalls.types(faqTypesQueryOf()));
  const loading =
    (navigation.state === 'loading' && navigation.location.pathname === location.pathname) ||
    revalidator.state === 'loading';
  const ownLanguage = languageOf(i18n.language) ?? 'en'; // i18next's language is a tag (zh-Hans), ours is cn
  const consoleLanguage = (editLanguages as readonly string[]).includes(ownLanguage)
    ? (ownLanguage as EditLanguage)
    : 'en';

  const apply = (next: FaqFilters) => setParams(faqFiltersToSearch(next));

  const actions: FaqActions = useMemo(() => {
    const run = async (entry: FaqAdminItem, work: () => Promise<unknown>, done: string) => {
      setBusyEntry(entry.question_id);
      try {
        await work();
        void message.success(t(done, { title: entry.question_title }));
        await revalidator.revalidate();
      } catch (error) {
        void message.error(faqErrorText(t, error));
      } finally {
        setBusyEntry(null);
      }
    };
    return {
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
    // revalidator changes identity on every state change; its revalidate is what is needed, at call time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, message, modal]);

  const optionsFailed = games.error !== undefined || types.error !== undefined;
  return (
    <Card
      title={
        <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
          {t('faq.title')}
        </Typography.Title>
      }
      extra={
        <Button
          type="primary"
          onClick={() => void navigate('/faq/new', { state: { listSearch: location.search } })}
        >
          {t('faq.add')}
        </Button>
      }
    >
      <Flex vertical gap={16}>
        <FaqFiltersForm
          key={faqFiltersToSearch(filters).toString()}
          filters={filters}
          games={games.data ?? []}
          types={types.data ?? []}
          onApply={apply}
        />
        {optionsFailed && (
          <Alert type="warning" showIcon title={faqErrorText(t, games.error ?? types.error)} />
        )}
        <FaqTable
          entries={page.list}
          actions={actions}
          busyEntry={busyEntry}
          busy={loading}
          listSearch={location.search}
          language={filters.language ?? consoleLanguage}
        />
        <Pagination
          current={page.page_num}
          pageSize={page.page_size}
          total={page.total}
          showSizeChanger={false}
          disabled={loading}
          showTotal={(total) => t('faq.total', { count: total })}
          onChange={(next) => apply({ ...filters, page: next })}
          align="end"
        />
      </Flex>
    </Card>
  );
}
