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
  /**
   * The server closed the connection without `end`: the browser tries again by itself (CONNECTING), then is OPEN
   * again, or gives up (CLOSED) when the new answer is refused.
   */
  hungUp(then: 'reconnected' | 'refused') {
    this.readyState = FakeEventSource.CONNECTING;
    this.emit('error');
    if (then === 'refused') {
      this.readyState = FakeEventSource.CLOSED;
      this.emit('error');
    } else this.readyState = FakeEventSource.OPEN;
  }
  emit(type: string, data?: unknown) {
    const event = { data: JSON.stringify(data ?? {}) } as MessageEvent<string>;
    act(() => {
      for (const listener of this.listeners.get(type) ?? []) listener(event);
    });
  }
}
