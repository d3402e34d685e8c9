/**
 * An EventSource a test drives (`@gp/ui/testing-event-source`): stub the global with it
 * (`vi.stubGlobal('EventSource', FakeEventSource)`), then `emit` what the server would send and check whether the
 * page closed it. `made` lists every one the page opened since the test reset it.
 */
import { act } from '@testing-library/react';

export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = FakeEventSource.OPEN;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.made.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data?: unknown) {
    const event = { data: JSON.stringify(data ?? {}) } as MessageEvent<string>;
    act(() => {
      for (const listener of this.listeners.get(type) ?? []) listener(event);
    });
  }
}
