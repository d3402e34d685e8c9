import type { ReactNode } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { Button, DatePicker, Flex, Form, Input, Select, type FormItemProps } from 'antd';
import styles from './filter-bar.module.css';

interface FieldBase<V> {
  /** The value's key: a list's filters are named after its page call's request fields where they can be. */
  name: Extract<keyof V, string>;
  label: string;
  rules?: FormItemProps['rules'];
}

export type FilterField<V> =
  | (FieldBase<V> & {
      kind: 'text';
      maxLength: number;
      width: number;
      inputMode?: 'numeric';
      /** Ids and codes are not words: no spelling marks under them. */
      code?: boolean;
    })
  | (FieldBase<V> & {
      kind: 'select';
      options: { value: string | number; label: string }[];
      width: number;
      placeholder?: string;
      /** Long lists (games, actions) can be searched by their labels. */
      searchable?: boolean;
    })
  /** A time range of local minutes; picking only dates covers whole days. */
  | (FieldBase<V> & { kind: 'range' });

/** Picking only dates covers whole days: the start at 00:00, the end through 23:59. */
const rangeDefaultTimes: [Dayjs, Dayjs] = [dayjs('00:00', 'HH:mm'), dayjs('23:59', 'HH:mm')];

function control<V>(field: FilterField<V>): ReactNode {
  switch (field.kind) {
    case 'text':
      return (
        <Input
          maxLength={field.maxLength}
          allowClear
          autoComplete="off"
          {...(field.code ? { spellCheck: false } : {})}
          {...(field.inputMode ? { inputMode: field.inputMode } : {})}
          style={{ width: field.width }}
        />
      );
    case 'select':
      return (
        <Select
          allowClear
          {...(field.searchable ? { showSearch: { optionFilterProp: 'label' } } : {})}
          placeholder={field.placeholder}
          style={{ width: field.width }}
          options={field.options}
        />
      );
    case 'range':
      return (
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          showTime={{ format: 'HH:mm', defaultValue: rangeDefaultTimes }}
          format="YYYY-MM-DD HH:mm"
          aria-label={field.label}
        />
      );
  }
}

export interface FilterBarProps<V> {
  /** The search landmark's name. */
  label: string;
  fields: FilterField<V>[];
  /** The filters shown, as the URL gives them. */
  initialValues: Partial<V>;
  onApply: (values: V) => void;
  /** After the fields are emptied: the list without filters. */
  onReset: () => void;
  submitText: string;
  resetText: string;
}

/**
 * A list's filters as a search form declared from its fields: labelled controls in a wrapping row, then search
 * and reset. Reset empties every field (a range to no range) and clears the fields' errors.
 */
export function FilterBar<V extends object>({
  label,
  fields,
  initialValues,
  onApply,
  onReset,
  submitText,
  resetText,
}: FilterBarProps<V>) {
  const [form] = Form.useForm<V>();
  return (
    <Form<V>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={onApply}
      role="search"
      aria-label={label}
    >
      <Flex gap={16} wrap align="flex-start">
        {fields.map((field) => (
          <Form.Item<Record<string, unknown>>
            key={field.name}
            name={field.name}
            label={field.label}
            rules={field.rules}
            className={styles.item}
          >
            {control(field)}
          </Form.Item>
        ))}
        <Flex gap={8} className={styles.buttons}>
          <Button type="primary" htmlType="submit">
            {submitText}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              // resetFields goes back to the URL's filters; reset means none.
              form.setFieldsValue(
                Object.fromEntries(
                  fields.map((f) => [f.name, f.kind === 'range' ? null : undefined]),
                ) as Parameters<typeof form.setFieldsValue>[0],
              );
              onReset();
            }}
          >
            {resetText}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
