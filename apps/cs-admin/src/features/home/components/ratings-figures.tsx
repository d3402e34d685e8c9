/**
 * Ratings (tickets.read): this week's on the home, and per week, agent and game with the
 * reasons of low ones on the ratings screen. Agents without the lead privilege get only their own tickets'
 * ratings from the API (`scope`), and the screen says so.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Col, Row, Typography } from 'antd';
import { gradeNames, grades } from '@gp/contracts/cs';
import type { HomeRatingsData } from '@gp/contracts/console-home';
import { formatDate, formatNumber, mediumDateTime } from '@gp/i18n/format';
import { Figure, FigureNote, inlineLinkClass, TableCard } from './figure.tsx';

type Tally = { grades: number[]; rated: number; average: number | null };

function useRatingText() {
  const { t, i18n } = useTranslation('admin');
  const n = (value: number) => formatNumber(value, i18n.language);
  return {
    t,
    lang: i18n.language,
    n,
    grade: (g: number) => t(`consoleHome.grades.${gradeNames[g as 1 | 2 | 3 | 4 | 5]}`),
    average: (a: number | null) =>
      a === null ? '–' : new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(a),
  };
}

/** Columns for a group's grade counts: each grade, how many, the average. */
function tallyColumns<T extends Tally>(text: ReturnType<typeof useRatingText>) {
  return [
    ...grades.map((g) => ({ header: text.grade(g), cell: (r: T) => text.n(r.grades[g - 1] ?? 0) })),
    { header: text.t('consoleHome.ratings.rated'), cell: (r: T) => text.n(r.rated) },
    { header: text.t('consoleHome.ratings.average'), cell: (r: T) => text.average(r.average) },
  ];
}

export function SatisfactionFigure({ data }: { data: HomeRatingsData }) {
  const text = useRatingText();
  const { t } = text;
  const week = data.weeks.at(-1) ?? { grades: [0, 0, 0, 0, 0], rated: 0, average: null };
  const rows = week.rated === 0 ? [] : grades.map((g) => ({ grade: g, count: week.grades[g - 1] ?? 0 }));
  return (
    <Figure
      title={t('consoleHome.satisfaction.heading')}
      extra={
        <FigureNote>
          {week.rated > 0 &&
            t('consoleHome.satisfaction.summary', {
              count: week.rated,
              average: text.average(week.average),
            })}{' '}
          {data.scope === 'own' && t('consoleHome.ratings.scopeOwn')}{' '}
          <Link to="/ratings" className={inlineLinkClass}>
            {t('consoleHome.satisfaction.all')}
          </Link>
        </FigureNote>
      }
      chart={{ kind: 'column', data: rows.map((r) => ({ x: text.grade(r.grade), y: r.count })) }}
      columns={[
        { header: t('consoleHome.ratings.grade'), cell: (r) => text.grade(r.grade) },
        { header: t('consoleHome.ratings.rated'), cell: (r) => text.n(r.count) },
      ]}
      rows={rows}
      rowKey={(r) => r.grade}
      empty={t('consoleHome.satisfaction.none')}
    />
  );
}

export function RatingsView({ data }: { data: HomeRatingsData }) {
  const text = useRatingText();
  const { t, lang } = text;
  const weekLabel = (iso: string) => formatDate(iso, lang);
  const reasonName = (r: string) => t(`consoleHome.reasons.${r as 'slow'}`);
  const rated = data.weeks.some((w) => w.rated > 0);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24}>
        <Typography.Paragraph>
          {data.scope === 'own' ? t('consoleHome.ratings.scopeOwn') : t('consoleHome.ratings.scopeAll')}
        </Typography.Paragraph>
        <Figure
          title={t('consoleHome.ratings.perWeek')}
          chart={{
            kind: 'stacked',
            data: data.weeks.flatMap((w) =>
              grades.map((g) => ({
                x: weekLabel(w.week_start),
                y: w.grades[g - 1] ?? 0,
                series: text.grade(g),
              })),
            ),
          }}
          columns={[
            { header: t('consoleHome.ratings.week'), cell: (w) => weekLabel(w.week_start) },
            ...tallyColumns<(typeof data.weeks)[number]>(text),
          ]}
          rows={rated ? data.weeks : []}
          rowKey={(w) => w.week_start}
          empty={t('consoleHome.ratings.none')}
        />
      </Col>
      <Col xs={24} lg={12}>
        <Figure
          title={t('consoleHome.ratings.byAgent')}
          chart={{
            kind: 'column',
            data: data.by_agent.map((a) => ({
              x: a.staff_name ?? t('consoleHome.ratings.noAgent'),
              y: a.average ?? 0,
            })),
          }}
          columns={[
            {
              header: t('consoleHome.ratings.agent'),
              cell: (a) => a.staff_name ?? t('consoleHome.ratings.noAgent'),
            },
            ...tallyColumns<(typeof data.by_agent)[number]>(text),
          ]}
          rows={data.by_agent}
          rowKey={(a) => a.staff_id ?? 0}
          empty={t('consoleHome.ratings.none')}
        />
      </Col>
      <Col xs={24} lg={12}>
        <Figure
          title={t('consoleHome.ratings.byGame')}
          chart={{
            kind: 'column',
            data: data.by_game.map((g) => ({ x: g.game_name || String(g.game_base_id), y: g.average ?? 0 })),
          }}
          columns={[
            { header: t('consoleHome.tickets.game'), cell: (g) => g.game_name || g.game_base_id },
            ...tallyColumns<(typeof data.by_game)[number]>(text),
          ]}
          rows={data.by_game}
          rowKey={(g) => g.game_base_id}
          empty={t('consoleHome.ratings.none')}
        />
      </Col>
      <Col xs={24} lg={12}>
        <Figure
          title={t('consoleHome.ratings.reasons')}
          chart={{ kind: 'column', data: data.reasons.map((r) => ({ x: reasonName(r.reason), y: r.count })) }}
          columns={[
            { header: t('consoleHome.ratings.reason'), cell: (r) => reasonName(r.reason) },
            { header: t('consoleHome.ratings.rated'), cell: (r) => text.n(r.count) },
          ]}
          rows={data.reasons.some((r) => r.count > 0) ? data.reasons : []}
          rowKey={(r) => r.reason}
          empty={t('consoleHome.ratings.noLow')}
        />
      </Col>
      <Col xs={24} lg={12}>
        <TableCard
          id="ratings-low"
          title={t('consoleHome.ratings.low')}
          columns={[
            {
              header: t('consoleHome.tickets.ticket'),
              cell: (l) => <Link to={`/tickets/${l.work_order_id}`}>{l.question_title}</Link>,
            },
            { header: t('consoleHome.ratings.grade'), cell: (l) => text.grade(l.grade) },
            {
              header: t('consoleHome.ratings.reason'),
              cell: (l) => (l.reason ? reasonName(l.reason) : '–'),
            },
            { header: t('consoleHome.ratings.comment'), cell: (l) => l.comment ?? '' },
            {
              header: t('consoleHome.ratings.agent'),
              cell: (l) => l.staff_name ?? t('consoleHome.ratings.noAgent'),
            },
            {
              header: t('consoleHome.ratings.gradedAt'),
              cell: (l) => formatDate(l.graded_at, lang, { style: mediumDateTime }),
            },
          ]}
          rows={data.low}
          rowKey={(l) => l.work_order_id}
          empty={t('consoleHome.ratings.noLow')}
        />
      </Col>
    </Row>
  );
}
