import type { FastifyInstance } from 'fastify';
import {
  payChannelList,
  payGameList,
  payGetCaptcha,
  payProductList,
  payProductListV2,
  payRoleList,
  paySwitch,
  webpayChannelList,
  webpayCurrencyList,
  webpayGameList,
  webpayProductList,
  webpayRoleList,
  webpaySwitch,
} from '@gp/contracts/pay';
import { memberOf, registerCall } from '../../http/register-call.ts';
import { CaptchaService } from '../passport/captcha.service.ts';
import { SecurityRepository } from '../passport/security.repository.ts';
import { GameServerSimRepository } from './game-server-sim.repository.ts';
import { GameServerSimulator } from './game-server.simulator.ts';
import { PayCaptchaService } from './pay-captcha.service.ts';
import { PayCatalogRepository } from './pay-catalog.repository.ts';
import { PayCatalogService } from './pay-catalog.service.ts';
import { PayCharacterService } from './pay-character.service.ts';
import { PaySwitchRepository } from './pay-switch.repository.ts';
import { PaySwitchService } from './pay-switch.service.ts';

export async function payRoutes(app: FastifyInstance) {
  const region = app.site.distributionRegion;
  const switches = new PaySwitchService(new PaySwitchRepository(app.db), region);
  const catalogRepo = new PayCatalogRepository(app.db);
  const catalog = new PayCatalogService(catalogRepo, { distributionRegion: region, mediaUrl: app.mediaUrl });
  const gameServer = new GameServerSimulator(new GameServerSimRepository(app.db));
  const characters = new PayCharacterService(catalog, catalogRepo, gameServer);
  const captcha = new PayCaptchaService(
    new CaptchaService(new SecurityRepository(app.db), { testAnswer: app.env.CAPTCHA_TEST_ANSWER }),
  );

  // Pay switch of both variants.
  registerCall(app, paySwitch, (input) => switches.status(input.distribution_region));
  registerCall(app, webpaySwitch, (input) => switches.status(input.distribution_region));

  // Regional web pay: the caller names the distribution region.
  registerCall(app, webpayGameList, (input, ctx) => catalog.games(input.distribution_region, ctx.lang));
  registerCall(app, webpayCurrencyList, (input) =>
    catalog.currencies(input.distribution_region, input.game_id),
  );
  registerCall(app, webpayRoleList, (input, ctx) =>
    characters.roleList(memberOf(ctx).mid, input.distribution_region, input.game_base_id, ctx.lang),
  );
  registerCall(app, webpayProductList, (input, ctx) =>
    catalog.productsFor(
      {
        region: input.distribution_region,
        gameId: input.game_id,
        currency: input.currency,
        payMode: input.pay_mode,
      },
      ctx.lang,
    ),
  );
  registerCall(app, webpayChannelList, (input, ctx) =>
    catalog.channels(input.distribution_region, input.game_base_id, input.currency, ctx.lang),
  );

  // Second variant: the site's distribution region.
  registerCall(app, payGameList, (_, ctx) => catalog.games(undefined, ctx.lang));
  registerCall(app, payRoleList, (input, ctx) =>
    characters.roleList(memberOf(ctx).mid, undefined, input.game_base_id, ctx.lang),
  );
  registerCall(app, payProductList, (input, ctx) => catalog.allProducts(input.game_id, ctx.lang));
  registerCall(app, payProductListV2, (input, ctx) => catalog.productsWithPrices(input.game_id, ctx.lang));
  registerCall(app, payChannelList, (input, ctx) =>
    catalog.channels(undefined, input.game_base_id, undefined, ctx.lang),
  );
  registerCall(app, payGetCaptcha, () => captcha.issue());
}
