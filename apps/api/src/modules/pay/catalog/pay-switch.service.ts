import type { CatalogRepository } from './catalog.repository.ts';

export class PaySwitchService {
  constructor(
    private readonly repo: Pick<CatalogRepository, 'mainSwitch'>,
    private readonly distributionRegion: number,
  ) {}

  /**
   * Payment always uses the regional distribution region unless one is named (spec 9: the default region 7
   * does not apply to payment). A region nobody configured cannot take payments.
   */
  async status(region?: number): Promise<{ main_switch_status: 0 | 1 }> {
    const on = await this.repo.mainSwitch(region ?? this.distributionRegion);
    return { main_switch_status: on ? 1 : 0 };
  }
}
