import type { ReactNode } from 'react';
import { Button, Result, Typography, type ResultProps } from 'antd';
import layout from '../lib/layout.module.css';

/** A screen that cannot be shown (refused, failed to load): why, headed by the page's h1, and the one way on. */
export function ScreenResult({
  status,
  title,
  subTitle,
  action,
  onAction,
}: {
  status: ResultProps['status'];
  title: string;
  subTitle: ReactNode;
  /** The button's text. */
  action: string;
  onAction: () => void;
}) {
  return (
    <Result
      status={status}
      title={
        <Typography.Title level={1} className={layout.pageTitle}>
          {title}
        </Typography.Title>
      }
      subTitle={subTitle}
      extra={
        <Button type="primary" onClick={onAction}>
          {action}
        </Button>
      }
    />
  );
}
