import type { ReactNode } from 'react';
import { Card, Flex, Typography } from 'antd';
import layout from './layout.module.css';

export interface PageFrameProps {
  /** The screen's title: the page's one h1. */
  title: ReactNode;
  /** Buttons beside the title (add, refresh). */
  toolbar?: ReactNode;
  children?: ReactNode;
  /** The content as given, for screens that lay it out themselves (forms, editors, tabs); stacked otherwise. */
  plain?: boolean;
}

/** A console screen: a card headed by the screen's h1 and its toolbar, its content stacked below. */
export function PageFrame({ title, toolbar, children, plain = false }: PageFrameProps) {
  return (
    <Card
      title={
        <Typography.Title level={1} className={layout.frameTitle}>
          {title}
        </Typography.Title>
      }
      extra={toolbar}
    >
      {plain ? (
        children
      ) : (
        <Flex vertical gap={16}>
          {children}
        </Flex>
      )}
    </Card>
  );
}
