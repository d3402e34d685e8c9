import { useCallback, useEffect, useRef, useState } from 'react';
import { authCalls, type Captcha } from './auth.calls.ts';

export interface CaptchaState {
  captcha: Captcha | null;
  loading: boolean;
  /** What fetching the picture threw (shown translated by the field). */
  error: unknown;
  /** Fetches a new picture: after each failed try (a picture serves one attempt) or on request. */
  renew(): void;
}

/** The login's picture code, fetched on mount and replaced a few seconds before the server forgets it. */
export function useCaptcha(): CaptchaState {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const generation = useRef(0);

  const renew = useCallback(() => {
    const mine = ++generation.current;
    setLoading(true);
    setError(null);
    authCalls.captcha({}).then(
      (next) => {
        if (mine !== generation.current) return;
        setCaptcha(next);
        setLoading(false);
      },
      (failure: unknown) => {
        if (mine !== generation.current) return;
        setCaptcha(null);
        setError(failure);
        setLoading(false);
      },
    );
  }, []);

  useEffect(() => {
    renew();
    return () => {
      generation.current++;
    };
  }, [renew]);

  // So a slow typist never sends a code the server has already forgotten.
  useEffect(() => {
    if (!captcha) return;
    const timer = setTimeout(renew, Math.max(5, captcha.expires_in - 5) * 1000);
    return () => clearTimeout(timer);
  }, [captcha, renew]);

  return { captcha, loading, error, renew };
}
