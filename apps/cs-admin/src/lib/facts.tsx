import { Descriptions, type DescriptionsProps } from 'antd';

/** A record's facts, one a row, each label beside its value (an order, its delivery, a refund, a linked order). */
export function Facts({ items }: { items: DescriptionsProps['items'] }) {
  return <Descriptions column={1} size="small" bordered items={items} />;
}
