/**
 * /mein-mex (SPEC §2; §6 mex-owner guard): per tank the level, consumption, days left,
 * warnings, the reorder-by forecast and the level over time. Offline it shows the owner's last
 * copy with its age (use-mex-data.ts).
 */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { Button } from '../../ui/button/button';
import { Card, Page } from '../../ui/page/page';
import { sessionState } from '../session';
import { TankCard } from './components/tank-card';
import { formatAge } from './mex-format';
import { startMexSnapshot } from './snapshot';
import { texts } from './texts';
import { useDashboard } from './use-mex-data';
import styles from './dashboard-page.module.css';

export function MexDashboardPage() {
  const { User } = useSnapshot(sessionState);
  // Follows the session from here too: logging out on this page clears the offline copies.
  useEffect(startMexSnapshot, []);
  return (
    <Page width="full" gap="lg">
      <header>
        <h1>{texts.title}</h1>
        <p className={styles.lead}>{texts.lead}</p>
      </header>
      {/* The guard lets only a logged-in owner in; the user is always there. */}
      {User && <Dashboard userId={User.id} />}
    </Page>
  );
}

function Dashboard({ userId }: { userId: string }) {
  const dashboard = useDashboard(userId);

  if (dashboard.status === 'loading') {
    return (
      <div className={styles.tanks} aria-busy="true">
        <p className="visually-hidden" role="status">
          {texts.loading}
        </p>
        <div className={styles.skeleton} />
        <div className={`${styles.skeleton} ${styles.second}`} />
      </div>
    );
  }
  if (dashboard.status === 'error') {
    return (
      <Card className={styles.message} role="alert">
        <p>{texts.failed}</p>
        <Button variant="secondary" onClick={dashboard.retry}>
          {texts.retry}
        </Button>
      </Card>
    );
  }
  const { data, offlineSince } = dashboard;
  if (data.Tanks.length === 0) {
    return (
      <Card className={styles.message}>
        <h2>{texts.empty.title}</h2>
        <p>{texts.empty.text}</p>
        <p>{texts.empty.how}</p>
      </Card>
    );
  }
  return (
    <>
      {offlineSince ? (
        <p className={styles.offline} role="status">
          {texts.offline(formatAge(offlineSince))}
        </p>
      ) : (
        <p className={styles.asOf}>{texts.asOf(formatAge(data.GeneratedAt))}</p>
      )}
      <div className={styles.tanks}>
        {data.Tanks.map((tank) => (
          <TankCard key={tank.Value} tank={tank} userId={userId} />
        ))}
      </div>
    </>
  );
}
