/**
 * /persoenliche-daten (SPEC §2): personal data, login data (e-mail read-only) and addresses.
 * The same page serves the SPEC §2 account partials:
 * - /account/basedata/modals/addEditAddressModal opens the address dialog at once (add; with
 *   `?id=<address id>` edit that address); closing it lands on /persoenliche-daten.
 * - /account/basedata/partial/{addressCol?}/{addressColItem?}/{loginCol?} scrolls to and
 *   focuses a section: no segment → personal data; addressCol → addresses; addressColItem (an
 *   address id) → that address card; loginCol → the login data. The segments are positional
 *   (a later one needs the earlier ones), so any non-empty value selects its section.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import type { Address, AddressKind, PersonalData } from '../../api/contract/customer';
import { paths } from '../../lib/paths';
import { Button } from '../../ui/button/button';
import { Page, Card } from '../../ui/page/page';
import { Toast } from '../../ui/toast/toast';
import { consentState } from '../consent';
import { useLocale } from '../locale';
import {
  deleteAddress as deleteAddressCall,
  fetchAddresses,
  fetchPersonalData,
  setDefaultAddress,
} from './api';
import { AddressCard } from './components/address-card';
import { AddressModal } from './components/address-modal';
import { PersonalDataForm } from './components/personal-data-form';
import { FORGOT_PASSWORD_PATH } from './links';
import { texts } from './texts';
import { useFlash } from './use-flash';
import styles from './account.module.css';

export type AccountSection = 'person' | 'login' | 'addresses';

type Loaded =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; data: PersonalData; addresses: Address[] };

type Dialog = { open: false } | { open: true; address: Address | null; kind: AddressKind };

export interface PersonalDataPageProps {
  /** Open the address dialog on arrival (the addEditAddressModal partial). */
  openAddressModal?: boolean;
  /** Scroll to and focus this section on arrival (the account partials). */
  focusSection?: AccountSection;
  focusAddressId?: number;
}

export function PersonalDataPage({
  openAddressModal = false,
  focusSection,
  focusAddressId,
}: PersonalDataPageProps) {
  const locale = useLocale();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [dialog, setDialog] = useState<Dialog>({ open: false });
  const [busyId, setBusyId] = useState<number | null>(null);
  // The address dialog route hands its confirmation over when it returns here.
  const handedOver = (useLocation().state as { flash?: unknown } | null)?.flash;
  const [flash, showFlash] = useFlash(4000, typeof handedOver === 'string' ? handedOver : null);
  const [actionError, setActionError] = useState<string | null>(null);
  /** The arrival action (dialog or focus) runs once, not after every reload of the list. */
  const arrived = useRef(false);
  // addEditAddressModal?id=<address id>: edit that address instead of adding one.
  const editId = useRef(Number(searchParams.get('id')));

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([fetchPersonalData(controller.signal), fetchAddresses(controller.signal)])
      .then(([data, list]) => {
        setLoaded({ status: 'ready', data, addresses: list.Items });
        if (openAddressModal && !arrived.current) {
          arrived.current = true;
          const address = list.Items.find((a) => a.Id === editId.current) ?? null;
          setDialog({ open: true, address, kind: address?.Kind ?? 'delivery' });
        }
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLoaded({
          status: 'error',
          message: error instanceof Error ? error.message : texts.personal.loadError,
        });
      });
    return () => controller.abort();
  }, [attempt, openAddressModal]);

  // The section partials: move focus once the data is on the page.
  useEffect(() => {
    if (loaded.status !== 'ready' || arrived.current) return;
    arrived.current = true;
    const target =
      focusAddressId !== undefined
        ? document.getElementById(`adresse-${focusAddressId}`)
        : focusSection
          ? document.getElementById(sectionId(focusSection))
          : null;
    (target ?? (focusSection ? document.getElementById(sectionId('addresses')) : null))?.focus();
    target?.scrollIntoView({ block: 'start' });
  }, [loaded, focusSection, focusAddressId]);

  // The consent dialog needs an answer first: opened after the address dialog it would sit
  // under it (native modal dialogs stack), so the address dialog waits until consent is settled.
  const consent = useSnapshot(consentState);
  const consentSettled = consent.status === 'ready' && !consent.dialogOpen;

  const closeDialog = useCallback(() => {
    setDialog({ open: false });
    if (openAddressModal) void navigate(paths.personalData, { replace: true });
  }, [openAddressModal, navigate]);

  if (loaded.status === 'loading') {
    return (
      <Page width="xl" gap="lg" aria-busy="true">
        <h1>{texts.personal.title}</h1>
        <p className={styles.status} role="status">
          {texts.personal.loading}
        </p>
        <div className={styles.skeleton} />
      </Page>
    );
  }
  if (loaded.status === 'error') {
    return (
      <Page width="xl" gap="lg">
        <h1>{texts.personal.title}</h1>
        <p className={styles.error} role="alert">
          {texts.personal.loadError} {loaded.message}
        </p>
        <p>
          <Button
            variant="secondary"
            onClick={() => {
              setLoaded({ status: 'loading' });
              setAttempt((n) => n + 1);
            }}
          >
            {texts.personal.retry}
          </Button>
        </p>
      </Page>
    );
  }

  const { data, addresses } = loaded;
  const setAddresses = (next: Address[]) => setLoaded({ status: 'ready', data, addresses: next });

  async function runAction(id: number, action: () => Promise<void>) {
    setBusyId(id);
    setActionError(null);
    try {
      await action();
    } catch (error) {
      setActionError(error instanceof Error ? error.message : texts.networkError);
    } finally {
      setBusyId(null);
    }
  }

  const remove = (address: Address) =>
    runAction(address.Id, async () => {
      await deleteAddressCall(address.Id);
      // The server may have handed the default on: read the list back.
      setAddresses((await fetchAddresses()).Items);
      showFlash(texts.addresses.deleted);
    });

  const makeDefault = (address: Address) =>
    runAction(address.Id, async () => {
      setAddresses((await setDefaultAddress(address.Id)).Items);
      showFlash(texts.addresses.madeDefault);
    });

  const saved = async (address: Address, added: boolean) => {
    setDialog({ open: false });
    const message = added ? texts.addresses.added : texts.addresses.updated;
    // On the dialog route the page is left for /persoenliche-daten, which shows the message.
    if (openAddressModal) {
      void navigate(paths.personalData, { replace: true, state: { flash: message } });
      return;
    }
    showFlash(message);
    try {
      setAddresses((await fetchAddresses()).Items);
    } catch {
      // The save went through; show it even if the list could not be read back.
      setAddresses([address, ...addresses.filter((a) => a.Id !== address.Id)]);
    }
  };

  const groups = (['delivery', 'billing'] as const)
    .map((kind) => ({ kind, items: addresses.filter((a) => a.Kind === kind) }))
    .filter((g) => g.items.length > 0);

  return (
    <Page width="xl" gap="lg">
      <p className={styles.back}>
        <Link to={paths.customerHome}>← {texts.personal.back}</Link>
      </p>
      <h1>{texts.personal.title}</h1>

      <Card
        id={sectionId('person')}
        className={styles.card}
        tabIndex={-1}
        aria-labelledby="persoenliche-daten-titel"
      >
        <h2 id="persoenliche-daten-titel">{texts.personal.sectionPerson}</h2>
        <PersonalDataForm
          data={data}
          onSaved={(next) => setLoaded({ status: 'ready', data: next, addresses })}
        />
      </Card>

      <Card
        id={sectionId('login')}
        className={styles.card}
        tabIndex={-1}
        aria-labelledby="zugangsdaten-titel"
      >
        <h2 id="zugangsdaten-titel">{texts.personal.sectionLogin}</h2>
        <div className={styles.field}>
          <label htmlFor="konto-email">{texts.personal.email}</label>
          <input
            id="konto-email"
            type="email"
            value={data.Email}
            readOnly
            aria-describedby="konto-email-hint"
          />
          <p id="konto-email-hint" className={styles.fieldHint}>
            {texts.personal.emailHint}
          </p>
        </div>
        <p className={styles.muted}>
          {texts.personal.passwordHint}{' '}
          <a href={FORGOT_PASSWORD_PATH}>{texts.personal.passwordLink}</a>
        </p>
      </Card>

      <Card
        id={sectionId('addresses')}
        className={styles.card}
        tabIndex={-1}
        aria-labelledby="adressen-titel"
      >
        <div className={styles.sectionHeader}>
          <div>
            <h2 id="adressen-titel">{texts.addresses.title}</h2>
            <p>{texts.addresses.lead}</p>
          </div>
          <Button
            variant="secondary"
            onClick={() => setDialog({ open: true, address: null, kind: 'delivery' })}
          >
            {texts.addresses.add}
          </Button>
        </div>
        {actionError && (
          <p className={styles.error} role="alert">
            {actionError}
          </p>
        )}
        {groups.length === 0 ? (
          <p className={styles.muted}>{texts.addresses.empty}</p>
        ) : (
          <div className={styles.addressGroups}>
            {groups.map((group) => (
              <div key={group.kind} className={styles.addressGroup}>
                <h3>
                  {group.kind === 'delivery' ? texts.addresses.delivery : texts.addresses.billing}
                </h3>
                <ul className={styles.addressList}>
                  {group.items.map((address) => (
                    <AddressCard
                      key={address.Id}
                      address={address}
                      highlighted={address.Id === focusAddressId}
                      busy={busyId === address.Id}
                      onEdit={() => setDialog({ open: true, address, kind: address.Kind })}
                      onDelete={() => void remove(address)}
                      onMakeDefault={() => void makeDefault(address)}
                    />
                  ))}
                </ul>
              </div>
            ))}
          </div>
        )}
      </Card>

      {/* Mounted only while open, so each opening starts from the address it edits; and only
          once the consent dialog is answered, so two modals never stack. */}
      {dialog.open && consentSettled && (
        <AddressModal
          open
          address={dialog.address}
          defaultKind={dialog.kind}
          countryId={locale.countryId}
          prefill={{
            title1: data.Title1,
            firstName: data.FirstName,
            lastName: data.LastName,
            phone: data.Phone,
          }}
          onClose={closeDialog}
          onSaved={(address, added) => void saved(address, added)}
        />
      )}
      {flash && <Toast>{flash}</Toast>}
    </Page>
  );
}

export function sectionId(section: AccountSection): string {
  return section === 'person'
    ? 'persoenliche-angaben'
    : section === 'login'
      ? 'zugangsdaten'
      : 'adressen';
}

/** /account/basedata/modals/addEditAddressModal */
export function AddEditAddressModalPage() {
  return <PersonalDataPage openAddressModal />;
}

/** /account/basedata/partial/{addressCol?}/{addressColItem?}/{loginCol?} */
export function AccountPartialPage() {
  const { addressCol, addressColItem, loginCol } = useParams();
  const itemId = Number(addressColItem);
  const focusSection: AccountSection = loginCol ? 'login' : addressCol ? 'addresses' : 'person';
  return (
    <PersonalDataPage
      focusSection={focusSection}
      focusAddressId={!loginCol && Number.isInteger(itemId) && itemId > 0 ? itemId : undefined}
    />
  );
}
