import type { ReactNode } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { Button, DatePicker, Flex, Form, Input, Select, type FormItemProps } from 'antd';
import type { CallContract, RequestOf } from '@gp/contracts';
import { rangeFilters, rangeValues } from './time-range.ts';
import layout from './layout.module.css';
import styles from './filter-bar.module.css';

/** The request fields of a list's page call: the only names a filter can have. */
export type FilterName<C extends CallContract> = Extract<keyof RequestOf<C>, string>;

/** The request fields that take what is typed (words, a code, a number as written) or an ISO time. */
export type TextName<C extends CallContract> = {
  [K in FilterName<C>]-?: string extends RequestOf<C>[K] ? K : never;
}[FilterName<C>];

/** A choice's value as the call takes it (a field coerced from its text takes a string or a number). */
export type ChoiceValue<C extends CallContract, K extends FilterName<C>> = unknown extends RequestOf<C>[K]
  ? string | number
  : Extract<RequestOf<C>[K], string | number>;

/** The filters a bar starts from and hands back: the call's own fields, each left out while empty. */
export type FilterValues<C extends CallContract> = Partial<Pick<RequestOf<C>, FilterName<C>>>;

/** How wide a control is: a number or short code, a choice, a longer choice or words. */
export type ControlSize = 'narrow' | 'medium' | 'wide';

const sizeClass: Record<ControlSize, string | undefined> = {
  narrow: layout.controlNarrow,
  medium: layout.control,
  wide: layout.controlWide,
};

interface FieldBase {
  label: string;
  rules?: FormItemProps['rules'];
}

interface TextField<C extends CallContract> extends FieldBase {
  kind: 'text';
  name: TextName<C>;
  maxLength: number;
  size?: ControlSize;
  inputMode?: 'numeric';
  /** Ids and codes are not words: no spelling marks under them. */
  code?: boolean;
}

interface SelectField<C extends CallContract, K extends FilterName<C>> extends FieldBase {
  kind: 'select';
  name: K;
  options: { value: ChoiceValue<C, K>; label: string }[];
  size?: ControlSize;
  placeholder?: string;
  /** Long lists (games, actions) can be searched by their labels. */
  searchable?: boolean;
}

/**
 * A time range of local minutes, sent as the call's two time fields: `name` from the start minute, `end` up to
 * the minute after the last one picked. Picking only dates covers whole days.
 */
interface RangeField<C extends CallContract> extends FieldBase {
  kind: 'range';
  name: TextName<C>;
  end: TextName<C>;
}

/** One filter of a list, named after a field of the list's page call `C`. */
export type FilterField<C extends CallContract> =
  TextField<C> | { [K in FilterName<C>]-?: SelectField<C, K> }[FilterName<C>] | RangeField<C>;

type FormValues = Record<string, unknown>;

/** Picking only dates covers whole days: the start at 00:00, the end through 23:59. */
const rangeDefaultTimes: [Dayjs, Dayjs] = [dayjs('00:00', 'HH:mm'), dayjs('23:59', 'HH:mm')];

function control<C extends CallContract>(field: FilterField<C>): ReactNode {
  switch (field.kind) {
    case 'text':
      return (
        <Input
          maxLength={field.maxLength}
          allowClear
          autoComplete="off"
          {...(field.code ? { spellCheck: false } : {})}
          {...(field.inputMode ? { inputMode: field.inputMode } : {})}
          className={sizeClass[field.size ?? 'medium']}
        />
      );
    case 'select':
      return (
        <Select
          allowClear
          {...(field.searchable ? { showSearch: { optionFilterProp: 'label' } } : {})}
          placeholder={field.placeholder}
          className={sizeClass[field.size ?? 'medium']}
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

/** The form's values of the filters: a range's two times as the picker's pair. */
function formValues<C extends CallContract>(fields: FilterField<C>[], values: FilterValues<C>): FormValues {
  const given = values as FormValues;
  return Object.fromEntries(
    fields.map((field) => [
      field.name,
      field.kind === 'range'
        ? rangeValues({
            from: given[field.name] as string | undefined,
            to: given[field.end] as string | undefined,
          })
        : given[field.name],
    ]),
  );
}

/** The filters of the form's values: words trimmed, empty fields left out, a range as its two times. */
function filterValues<C extends CallContract>(fields: FilterField<C>[], form: FormValues): FilterValues<C> {
  const out: FormValues = {};
  for (const field of fields) {
    const value = form[field.name];
    if (field.kind === 'range') {
      const [start, end] = (value as [Dayjs | null, Dayjs | null] | null | undefined) ?? [null, null];
      const { from, to } = rangeFilters(start, end);
      if (from) out[field.name] = from;
      if (to) out[field.end] = to;
    } else if (typeof value === 'string') {
      if (value.trim()) out[field.name] = value.trim();
    } else if (value !== undefined && value !== null) out[field.name] = value;
  }
  return out as FilterValues<C>;
}

export interface FilterBarProps<C extends CallContract> {
  /** The search landmark's name. */
  label: string;
  fields: FilterField<C>[];
  /** The filters shown, as the URL gives them (other keys beside the fields are passed over). */
  initialValues: FilterValues<C>;
  /** The filters filled in, named as the call takes them; none after a reset. */
  onApply: (values: FilterValues<C>) => void;
  submitText: string;
  resetText: string;
}

/**
 * A list's filters as a search form declared from its page call's fields: labelled controls in a wrapping row,
 * then search and reset. Reset empties every field (a range to no range), clears the fields' errors and applies
 * no filters.
 */
export function FilterBar<C extends CallContract>({
  label,
  fields,
  initialValues,
  onApply,
  submitText,
  resetText,
}: FilterBarProps<C>) {
  const [form] = Form.useForm<FormValues>();
  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      initialValues={formValues(fields, initialValues)}
      onFinish={(values) => onApply(filterValues(fields, values))}
      role="search"
      aria-label={label}
    >
      <Flex gap="middle" wrap align="flex-start">
        {fields.map((field) => (
          <Form.Item<FormValues>
            key={field.name}
            name={field.name}
            label={field.label}
            rules={field.rules}
            className={styles.item}
          >
            {control(field)}
          </Form.Item>
        ))}
        <Flex gap="small" className={styles.buttons}>
          <Button type="primary" htmlType="submit">
            {submitText}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              // resetFields goes back to the URL's filters; reset means none.
              form.setFieldsValue(
                Object.fromEntries(fields.map((f) => [f.name, f.kind === 'range' ? null : undefined])),
              );
              onApply({});
            }}
          >
            {resetText}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
