/**
 * The delivery area as a simple map (no tile server): the delivered postal points
 * projected by the server, the seat and the branches on top, a 10 km scale bar. Decorative
 * detail for sighted users; the text beside it says the same (radius, number of postal codes).
 */
import type { Dealer } from '../../api/contract/dealers';
import { texts } from './texts';
import styles from './dealers.module.css';

/** Round to 0.1: the map is 400 units wide, finer steps are invisible and only lengthen the path. */
const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Every delivered place as a dot, all in one path: a few hundred <circle> elements
 * were a few hundred nodes to lay out and to hydrate on a slow phone, for one flat layer of
 * dots. Overlapping dots fill as one area, as the circles did under their group's opacity.
 */
export function dotsPath(points: readonly (readonly number[])[], r: number): string {
  const radius = round(r);
  const d = round(radius * 2);
  const arc = `a${radius} ${radius} 0 1 0`;
  let path = '';
  for (const [x = 0, y = 0] of points) {
    path += `M${round(x - radius)} ${round(y)}${arc} ${d} 0${arc} ${-d} 0`;
  }
  return path;
}

export function DeliveryMap({ dealer }: { dealer: Dealer }) {
  const map = dealer.DeliveryArea.Map;
  const [, , width = 400, height = 300] = map.ViewBox.split(/\s+/).map(Number);
  const dot = Math.max(1.6, width / 160);
  return (
    <figure className={styles.map}>
      <svg
        viewBox={map.ViewBox}
        role="img"
        aria-label={texts.mapLabel(dealer.Name)}
        className={styles.mapSvg}
        preserveAspectRatio="xMidYMid meet"
      >
        <rect x="0" y="0" width={width} height={height} className={styles.mapBackground} />
        <path d={dotsPath(map.Points, dot)} className={styles.mapPoints} />
        {map.Branches.map(([x, y], i) => (
          <circle key={i} cx={x} cy={y} r={dot * 3} className={styles.mapBranch} />
        ))}
        <circle cx={map.Seat[0]} cy={map.Seat[1]} r={dot * 4} className={styles.mapSeat} />
        <g
          className={styles.mapScale}
          transform={`translate(${width - map.TenKm - 12} ${height - 14})`}
        >
          <line x1="0" y1="0" x2={map.TenKm} y2="0" />
          <text x={map.TenKm / 2} y="-5" textAnchor="middle">
            {texts.tenKm}
          </text>
        </g>
      </svg>
      <figcaption className={styles.mapLegend}>
        <span>
          <i className={styles.legendPoint} aria-hidden="true" /> {texts.legendPlaces}
        </span>
        <span>
          <i className={styles.legendSeat} aria-hidden="true" /> {texts.legendSeat}
        </span>
        {map.Branches.length > 0 && (
          <span>
            <i className={styles.legendBranch} aria-hidden="true" /> {texts.legendBranch}
          </span>
        )}
      </figcaption>
    </figure>
  );
}
