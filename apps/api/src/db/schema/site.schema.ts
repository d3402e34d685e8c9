import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

/** Which menu items the portal shows, per distribution region (spec 3 "Navigation flags"). */
export const navSetting = pgTable('nav_setting', {
  distributionRegion: integer('distribution_region').primaryKey(),
  isShowCs: boolean('is_show_cs').notNull().default(true),
  isShowFansGroup: boolean('is_show_fans_group').notNull().default(true),
  isShowGame: boolean('is_show_game').notNull().default(true),
  isShowInvest: boolean('is_show_invest').notNull().default(true),
  isShowNews: boolean('is_show_news').notNull().default(true),
  updatedAt: updatedAt(),
});

/** The payment main switch per distribution region (spec 3 "Pay switch"). */
export const paySetting = pgTable('pay_setting', {
  distributionRegion: integer('distribution_region').primaryKey(),
  mainSwitchOn: boolean('main_switch_on').notNull().default(true),
  updatedAt: updatedAt(),
});

/** Seed steps already applied, so a restart never seeds twice and later steps can be added. */
export const seedStep = pgTable('seed_step', {
  name: text('name').primaryKey(),
  appliedAt: createdAt(),
});
