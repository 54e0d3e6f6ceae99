/**
 * SPEC §2 /heizoelhaendler/{stateName?}/{zipCode?}: the country's states, a state's
 * postal areas and dealers, an area's or a postal code's dealers. Server-rendered; an unknown
 * state or area is the 404 page on the server (page resolver) and here.
 */
import { Link, useParams } from 'react-router';
import type { DealerDirectory } from '../../api/contract/dealers';
import { dataKey } from '../../api/contract/pages';
import { dealerDirectoryNeed } from '../../api/contract/page-needs';
import { titleWithProduct } from '../../lib/page-titles';
import { paths } from '../../lib/paths';
import { Breadcrumbs } from '../../ui/breadcrumbs/breadcrumbs';
import { useDocumentTitle } from '../../ui/document-title/use-document-title';
import { Page } from '../../ui/page/page';
import { usePageData } from '../../ui/page-data';
import { resourceView } from '../../ui/resource-view';
import { useResource } from '../../ui/use-resource';
import { useLocale } from '../locale';
import { fetchDealerDirectory } from './api';
import { DealerSummaryCard } from './dealer-summary';
import { dealerPageViews, DealersNotFound } from './page-states';
import { texts } from './texts';
import styles from './dealers.module.css';

function UnknownArea() {
  return <DealersNotFound title={texts.placeNotFoundTitle} text={texts.placeNotFoundText} />;
}

export function DealerDirectoryPage() {
  const { countryId } = useLocale();
  const params = useParams();
  const need = dealerDirectoryNeed(countryId, params);
  const key = dataKey(need);
  if (usePageData<DealerDirectory | null>(key) === null) return <UnknownArea />;
  return <Directory key={key} need={need} />;
}

function Directory({ need }: { need: ReturnType<typeof dealerDirectoryNeed> }) {
  const key = dataKey(need);
  const directory = useResource(key, key, (signal) => fetchDealerDirectory(need, signal));
  return resourceView(directory, {
    notFound: () => (
      <DealersNotFound title={texts.placeNotFoundTitle} text={texts.placeNotFoundText} />
    ),
    ...dealerPageViews,
    ready: (data) => <DirectoryView data={data} />,
  });
}

function DirectoryView({ data }: { data: DealerDirectory }) {
  useDocumentTitle(titleWithProduct(data.Title));
  const area = data.Level === 'area' || data.Level === 'zip';
  return (
    <Page width="2xl" gap="lg">
      <Breadcrumbs items={[{ Name: texts.home, Link: paths.home }, ...data.Breadcrumbs]} />
      <header>
        <h1>{data.Title}</h1>
        <p className={styles.lead}>{texts.directoryLead}</p>
      </header>
      {data.States.length > 0 && (
        <section aria-labelledby="states-title">
          <h2 id="states-title" className={styles.sectionTitle}>
            {texts.states}
          </h2>
          <ul className={styles.linkGrid}>
            {data.States.map((state) => (
              <li key={state.Slug}>
                <Link to={state.Link} className={styles.tile}>
                  <span className={styles.tileName}>{state.Name}</span>
                  <span className={styles.tileMeta}>{texts.areaDealers(state.DealerCount)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {data.Areas.length > 0 && (
        <section aria-labelledby="areas-title">
          <h2 id="areas-title" className={styles.sectionTitle}>
            {texts.areas}
          </h2>
          <ul className={styles.linkGrid}>
            {data.Areas.map((a) => (
              <li key={a.Code}>
                <Link to={a.Link} className={styles.tile}>
                  <span className={styles.tileName}>PLZ {a.Code}…</span>
                  <span className={styles.tileMeta}>
                    {a.Places} · {texts.areaDealers(a.DealerCount)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {data.Level !== 'country' && (
        <section aria-labelledby="dealers-title">
          <h2 id="dealers-title" className={styles.sectionTitle}>
            {texts.dealers} ({data.Dealers.length})
          </h2>
          {data.Dealers.length === 0 ? (
            <p className={styles.lead}>{texts.noDealers}</p>
          ) : (
            <ul className={styles.summaryGrid}>
              {data.Dealers.map((dealer) => (
                <li key={dealer.Id}>
                  <DealerSummaryCard dealer={dealer} area={area} />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </Page>
  );
}
