/**
 * Submit a ticket (/service/question, /service/h5/question; login required): the question form, with the reply
 * e-mail filled in from the member's contact details when they have one; opened from a top-up order ("Problem with
 * this order?", `?order_no=...`), about that order.
 */
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { ContactInfoData, CsGameItem } from '@gp/contracts/cs';
import {
  loadServiceStrings,
  type OrderPrefill,
  orderPrefillOf,
  QuestionForm,
  serviceCalls,
  ServiceLayout,
  servicePageStyles as pageStyles,
  type ServiceStrings,
  useServiceStrings,
} from '../features/service/index.ts';
import { useIsH5 } from '../hooks/use-is-h5.ts';
import { settle, type Settled } from '../utils/settle.ts';

interface QuestionData {
  strings: ServiceStrings;
  games: CsGameItem[];
  contact: Settled<ContactInfoData>;
  /** "Problem with this order?" from the pay pages: the order the question is about. */
  order: OrderPrefill | undefined;
}

/** The games are needed (a failure shows the error page with a retry); the contact details only help. */
export async function loader({ request }: LoaderFunctionArgs): Promise<QuestionData> {
  const [strings, games, contact] = await Promise.all([
    loadServiceStrings(),
    serviceCalls.games({}),
    settle(serviceCalls.contactInfo({})),
  ]);
  return { strings, games, contact, order: orderPrefillOf(new URL(request.url).searchParams) };
}

export default function ServiceQuestion() {
  const data = useLoaderData() as QuestionData;
  const { t } = useServiceStrings(data.strings);
  const h5 = useIsH5();
  return (
    <ServiceLayout
      h5={h5}
      nav
      current="question"
      title={t('common:routes.serviceQuestion')}
      intro={t('question.intro')}
    >
      <div className={pageStyles.panel}>
        <QuestionForm
          games={data.games}
          email={data.contact.ok ? data.contact.value.email : ''}
          order={data.order}
        />
      </div>
    </ServiceLayout>
  );
}
