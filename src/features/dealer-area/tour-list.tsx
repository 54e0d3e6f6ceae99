/**
 * The printed tour list of a day: its confirmed orders as a table, in the order of the windows.
 * Hidden on screen; the print stylesheet (dealer-area.module.css) prints it alone.
 */
import type { DealerOrder } from '../../api/contract/dealer-area';
import { DELIVERY_WINDOW_LABELS } from '../../api/contract/delivery';
import { formatWeekdayDayDe } from '../../lib/dates';
import { formatQuantity } from '../../lib/format';
import { addressLine } from './model';
import { texts } from './texts';
import styles from './dealer-area.module.css';

const c = texts.print.columns;

export function TourList({
  day,
  dealerName,
  orders,
}: {
  day: string;
  dealerName: string;
  orders: readonly DealerOrder[];
}) {
  const title = texts.print.title(formatWeekdayDayDe(day), dealerName);
  return (
    <section className={styles.tour} aria-label={title} data-testid="tour-list">
      <h2>{title}</h2>
      {orders.length === 0 ? (
        <p>{texts.print.none}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{c.window}</th>
              <th scope="col">{c.number}</th>
              <th scope="col">{c.customer}</th>
              <th scope="col">{c.address}</th>
              <th scope="col">{c.amount}</th>
              <th scope="col">{c.product}</th>
              <th scope="col">{c.stations}</th>
              <th scope="col">{c.notes}</th>
              <th scope="col">{c.phone}</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((o) => (
              <tr key={o.Id}>
                <td>{o.Delivery ? DELIVERY_WINDOW_LABELS[o.Delivery.Window] : ''}</td>
                <td>{o.OrderNumber}</td>
                <td>{o.CustomerName}</td>
                <td>{addressLine(o)}</td>
                <td className="tabular">{formatQuantity(o.Amount)}</td>
                <td>{o.ProductName}</td>
                <td className="tabular">{o.Stations}</td>
                <td>{o.AccessNotes}</td>
                <td>{o.Phone}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
