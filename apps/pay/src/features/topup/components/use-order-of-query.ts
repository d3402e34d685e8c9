/**
 * A page whose query names an order by our number alone (a wallet sent the player back; see `orderOfQuery`)
 * moves to that order once it runs in the browser: a server render may not know the member, so its loader could
 * not ask, and the member's own order is asked here.
 */
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { orderFromSearch, orderOfQuery, orderPath, type TopupPlace } from '../model/place.ts';
import type { TopupApi } from '../model/variant.ts';

export function useOrderOfQuery(api: TopupApi, place: TopupPlace): void {
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (orderFromSearch(search) || !new URLSearchParams(search).has('order_no')) return;
    let live = true;
    void orderOfQuery(search, (orderNo) => api.orderDetail(orderNo)).then((order) => {
      if (live && order) void navigate(orderPath(place, order), { replace: true });
    });
    return () => {
      live = false;
    };
  }, [api, navigate, place, search]);
}
