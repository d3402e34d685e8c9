/** Contact details (/service/info, /service/h5/info; login required): the member's contact info, editable. */
import { useLoaderData } from 'react-router';
import type { ContactInfoData } from '@gp/contracts/cs';
import {
  ContactForm,
  loadServiceStrings,
  ServiceBarPage,
  serviceCalls,
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
  useServiceStrings(data.strings);
  const h5 = useIsH5();
  return (
    <ServiceBarPage h5={h5} page="info" panel>
      <ContactForm info={data.info} />
    </ServiceBarPage>
  );
}
