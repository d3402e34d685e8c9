import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import layout from '../../../lib/layout.module.css';

/** Day and minute in the browser's time zone; days before today cannot be picked when `future` is set. */
export function TimePicker({
  future = false,
  ...props
}: {
  id?: string;
  value?: Dayjs | null;
  onChange?: (value: Dayjs | null) => void;
  future?: boolean;
  allowClear?: boolean;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
}) {
  return (
    <DatePicker
      {...props}
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      needConfirm={false}
      disabledDate={future ? (day) => day.endOf('day').isBefore(Date.now()) : undefined}
      className={layout.controlWide}
    />
  );
}

/** The browser's time zone name, for the "times are in your time zone" hints. */
export function localZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
