/**
 * SPEC §2 dealer page …/{dealerId} and branch page …/{branchId}/{dealerId}: who the
 * dealer is, where it delivers, when it is open, what it sells and how one pays, today's price
 * for 3,000 L with a way into the calculator, its branches, and the reviews its customers left
 * through the rating link. An unknown dealer is the 404 page (server resolver; SPEC §7: 404 →
 * the client shows null).
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Dealer, DealerReviews } from '../../api/contract/dealers';
import { DEALER_PRICE_AMOUNT } from '../../api/contract/dealers-constants';
import { dataKey, type DataNeed } from '../../api/contract/pages';
import { dealerPageNeeds } from '../../api/contract/page-needs';
import { formatPrice, formatQuantity } from '../../lib/format';
import { berlinDay, formatDayDe } from '../../lib/dates';
import { useMounted } from '../../ui/use-mounted';
import { titleWithProduct } from '../../lib/page-titles';
import { offerListPath, paths } from '../../lib/paths';
import { Breadcrumbs } from '../../ui/breadcrumbs/breadcrumbs';
import { Button, ButtonLink } from '../../ui/button/button';
import { CrossLinksBlock } from '../../ui/cross-links/cross-links';
import { useDocumentTitle } from '../../ui/document-title/use-document-title';
import { Card, Page } from '../../ui/page/page';
import { usePageData } from '../../ui/page-data';
import { Stars } from '../../ui/stars/stars';
import { resourceView } from '../../ui/resource-view';
import { useResource } from '../../ui/use-resource';
import { useLocale } from '../locale';
import { fetchDealer, fetchDealerReviews } from './api';
import { RatingLine } from './dealer-summary';
import { DeliveryMap } from './delivery-map';
import { dealerPageViews, DealersNotFound } from './page-states';
import { texts } from './texts';
import styles from './dealers.module.css';

function DealerNotFound() {
  return <DealersNotFound title={texts.notFoundTitle} text={texts.notFoundText} />;
}

function dealerNeed(
  countryId: number,
  params: Readonly<Record<string, string | undefined>>,
): Extract<DataNeed, { kind: 'dealer' }> {
  const branchId = params.branchId ? Number(params.branchId) : undefined;
  return {
    kind: 'dealer',
    countryId,
    id: Number(params.dealerId),
    ...(branchId ? { branchId } : {}),
  };
}

export function DealerPage() {
  const { countryId } = useLocale();
  const params = useParams();
  const need = dealerNeed(countryId, params);
  const key = dataKey(need);
  if (usePageData<Dealer | null>(key) === null) return <DealerNotFound />;
  return <DealerLoader key={key} need={need} />;
}

function DealerLoader({ need }: { need: Extract<DataNeed, { kind: 'dealer' }> }) {
  const key = dataKey(need);
  const dealer = useResource(key, key, (signal) =>
    fetchDealer(need.countryId, need.id, need.branchId, signal),
  );
  return resourceView(dealer, {
    notFound: () => <DealerNotFound />,
    ...dealerPageViews,
    ready: (data) => <DealerView dealer={data} countryId={need.countryId} />,
  });
}

export function PriceCard({ dealer }: { dealer: Dealer }) {
  const price = dealer.PriceToday;
  // A copy kept offline may be of an earlier day: named by its day, not "Heutiger Preis".
  // After hydration only: the server renders today's price on today's date.
  const mounted = useMounted();
  const earlierDay = mounted && price !== null && price.Day !== berlinDay(new Date());
  const zip = dealer.Branch?.ZipCode ?? dealer.ZipCode;
  const currency = price?.Currency === 'CHF' ? 'CHF' : 'EUR';
  return (
    <Card className={styles.priceCard} aria-labelledby="price-today-title">
      <h2 id="price-today-title" className={styles.priceLabel}>
        {price && earlierDay ? texts.priceOfDay(formatDayDe(price.Day)) : texts.priceToday}
      </h2>
      {price ? (
        <>
          <p className={styles.priceValue}>
            <strong>{formatPrice(price.UnitPrice, currency)}</strong>{' '}
            <span className={styles.unit}>{texts.per100}</span>
          </p>
          <p className={styles.priceMeta}>
            {texts.priceFor(formatQuantity(price.Amount), price.ZipCode)} · {price.ProductName} ·{' '}
            {texts.total} {formatPrice(price.TotalPrice, currency)}
          </p>
        </>
      ) : (
        <p className={styles.priceMeta}>{texts.noPrice}</p>
      )}
      <ButtonLink
        to={`${offerListPath(1)}?zipCode=${encodeURIComponent(zip)}&amount=${DEALER_PRICE_AMOUNT}`}
        variant="primary"
        block
        className={styles.compare}
      >
        {texts.compare(zip)}
      </ButtonLink>
    </Card>
  );
}

/** "Schlauchlänge: bis 40 m", "Schlauchlänge: bis 60 m" → "Schlauchlänge: bis 40 m, bis 60 m". */
export function groupedOptions(items: readonly string[]): string[] {
  const groups = new Map<string, string[]>();
  for (const item of items) {
    const at = item.indexOf(': ');
    const key = at > 0 ? item.slice(0, at) : item;
    const values = groups.get(key) ?? [];
    if (at > 0) values.push(item.slice(at + 2));
    groups.set(key, values);
  }
  return [...groups].map(([key, values]) => (values.length ? `${key}: ${values.join(', ')}` : key));
}

function FactList({ title, items }: { title: string; items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <section className={styles.fact} aria-label={title}>
      <h3>{title}</h3>
      <ul>
        {groupedOptions(items).map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

function DealerView({ dealer, countryId }: { dealer: Dealer; countryId: number }) {
  const params = useParams();
  // The same address the server loaded the cross-links for (src/api/contract/pages.ts).
  const crossLinksPath =
    dealerPageNeeds({ countryId, params, search: new URLSearchParams() }).find(
      (n): n is Extract<DataNeed, { kind: 'crossLinks' }> => n.kind === 'crossLinks',
    )?.path ?? dealer.Link;
  const branch = dealer.Branch;
  const title = branch ? `${dealer.Name} – ${texts.branchOf(branch.Place)}` : dealer.Name;
  useDocumentTitle(titleWithProduct(title));
  const zipCount = formatQuantity(dealer.DeliveryArea.ZipCount);
  return (
    <Page width="2xl" gap="lg">
      <Breadcrumbs
        items={[
          { Name: texts.home, Link: paths.home },
          { Name: 'Heizölhändler', Link: paths.dealers },
          dealer.State,
          { Name: dealer.Name, Link: dealer.Link },
          ...(branch ? [{ Name: texts.branchOf(branch.Place), Link: branch.Link }] : []),
        ]}
      />
      <header className={styles.dealerHeader}>
        <div className={styles.dealerIntro}>
          <h1>{title}</h1>
          <p className={styles.address}>
            {branch ? (
              <>
                {branch.ZipCode} {branch.Place} ·{' '}
                <Link to={dealer.Link}>
                  {texts.seat}: {dealer.ZipCode} {dealer.Place}
                </Link>
              </>
            ) : (
              <>
                {dealer.Street}, {dealer.ZipCode} {dealer.Place}
              </>
            )}
          </p>
          <RatingLine rating={dealer.Rating.Average} count={dealer.Rating.Count} />
          {dealer.Description && <p className={styles.description}>{dealer.Description}</p>}
        </div>
        <PriceCard dealer={dealer} />
      </header>

      <div className={styles.dealerGrid}>
        <Card aria-labelledby="facts-title" className={styles.facts}>
          <h2 id="facts-title" className={styles.cardTitle}>
            {texts.contact}
          </h2>
          <dl className={styles.contact}>
            <dt>{texts.phone}</dt>
            <dd>
              <a href={`tel:${dealer.Phone.replace(/[^\d+]/g, '')}`}>{dealer.Phone}</a>
            </dd>
            <dt>{texts.email}</dt>
            <dd>
              <a href={`mailto:${dealer.Email}`}>{dealer.Email}</a>
            </dd>
          </dl>
          {dealer.FoundedYear !== null && (
            <p className={styles.founded}>{texts.founded(dealer.FoundedYear)}</p>
          )}
          {dealer.OpeningHours.length > 0 && (
            <section aria-labelledby="hours-title" className={styles.fact}>
              <h3 id="hours-title">{texts.openingHours}</h3>
              <table className={styles.hours}>
                <tbody>
                  {dealer.OpeningHours.map((row) => (
                    <tr key={row.Days}>
                      <th scope="row">{row.Days}</th>
                      <td>{row.Hours}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}
          <FactList title={texts.products} items={dealer.Products.map((p) => p.Name)} />
          <FactList title={texts.payment} items={dealer.PaymentMethods} />
          <FactList title={texts.deliveryTimes} items={dealer.DeliveryTimes} />
          <FactList title={texts.deliveryOptions} items={dealer.DeliveryOptions} />
        </Card>

        <Card aria-labelledby="area-title" className={styles.area}>
          <h2 id="area-title" className={styles.cardTitle}>
            {texts.deliveryArea}
          </h2>
          <p className={styles.areaText}>
            {dealer.DeliveryArea.RadiusKm !== null
              ? texts.areaRadius(dealer.DeliveryArea.RadiusKm, zipCount)
              : texts.areaList(zipCount)}
          </p>
          <DeliveryMap dealer={dealer} />
          {dealer.Branches.length > 0 && (
            <section aria-labelledby="branches-title" className={styles.fact}>
              <h3 id="branches-title">{texts.branchesTitle}</h3>
              <ul className={styles.branches}>
                {dealer.Branches.map((b) => (
                  <li key={b.Id}>
                    {b.Id === branch?.Id ? (
                      <span aria-current="page">
                        {b.ZipCode} {b.Place}
                      </span>
                    ) : (
                      <Link to={b.Link}>
                        {b.Name} – {b.ZipCode} {b.Place}
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </Card>
      </div>

      <Reviews dealer={dealer} countryId={countryId} />
      <CrossLinksBlock countryId={countryId} path={crossLinksPath} />
    </Page>
  );
}

function Reviews({ dealer, countryId }: { dealer: Dealer; countryId: number }) {
  const key = dataKey({ kind: 'dealerReviews', countryId, id: dealer.Id, page: 1 });
  const first = useResource(key, key, (signal) =>
    fetchDealerReviews(countryId, dealer.Id, 1, signal),
  );
  const [more, setMore] = useState<DealerReviews[]>([]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const firstPage = first.status === 'ready' ? first.data : first.stale;
  const pages = firstPage ? [firstPage, ...more] : [];
  const items = pages.flatMap((p) => p.Items);
  const total = firstPage?.TotalCount ?? 0;
  const loadMore = () => {
    setLoading(true);
    setFailed(false);
    fetchDealerReviews(countryId, dealer.Id, pages.length + 1).then(
      (page) => {
        setMore((m) => [...m, page]);
        setLoading(false);
      },
      () => {
        setFailed(true);
        setLoading(false);
      },
    );
  };
  return (
    <section aria-labelledby="reviews-title" className={styles.reviews}>
      <h2 id="reviews-title">
        {texts.reviews} {total > 0 && <span className={styles.count}>({total})</span>}
      </h2>
      <p className={styles.lead}>{texts.reviewsLead}</p>
      {!firstPage ? (
        first.status === 'error' ? (
          <p role="alert">{texts.reviewsFailed}</p>
        ) : (
          <div className={styles.skeletonList} aria-busy="true" />
        )
      ) : items.length === 0 ? (
        <p className={styles.noReviews}>{texts.noReviews}</p>
      ) : (
        <>
          <ol className={styles.reviewList}>
            {items.map((review) => (
              <li key={review.Id} className={styles.review}>
                <p className={styles.reviewHead}>
                  <Stars value={review.Mark} label={texts.stars(review.Mark)} />
                  <time dateTime={review.Date}>{formatDayDe(review.Date)}</time>
                </p>
                <p className={review.Text ? styles.reviewText : styles.reviewEmpty}>
                  {review.Text || texts.noText}
                </p>
              </li>
            ))}
          </ol>
          {failed && <p role="alert">{texts.reviewsFailed}</p>}
          {items.length < total && (
            <Button variant="secondary" onClick={loadMore} disabled={loading} aria-busy={loading}>
              {texts.moreReviews}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
