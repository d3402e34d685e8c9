/** Contact details (/service/info, /service/h5/info; login required): the member's contact info, editable. */
import { useLoaderData } from 'react-router';
import type { ContactInfoData } from '@gp/contracts/cs';
import {
  ContactForm,
  loadServiceStrings,
  serviceCalls,
  ServiceLayout,
  servicePageStyles as pageStyles,
  type ServiceStrings,
  useServiceStrings,
} from '../features/service/index.ts';
import { useIsH5 } from '../hooks/use-is-h5.ts';

interface InfoData {
  strings: ServiceStrings;
  info: ContactInfoData;
}

export async function loader(): Promise<InfoData> {
  const [strings, info] = await Promise.all([loadServiceStrings(), serviceCalls.contactInfo({})]);
  return { strings, info };
}

export default function ServiceInfo() {
  const data = useLoaderData() as InfoData;
  const { t } = useServiceStrings(data.strings);
  const h5 = useIsH5();
  return (
    <ServiceLayout h5={h5} nav current="info" title={t('common:routes.serviceInfo')} intro={t('info.intro')}>
      <div className={pageStyles.panel}>
        <ContactForm info={data.info} />
      </div>
    </ServiceLayout>
  );
}
