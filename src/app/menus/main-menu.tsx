import { NavLink } from 'react-router';
import { defaultMenu, type MenuItem } from '../../lib/menus';
import styles from './main-menu.module.css';

export function MainMenu({
  items = defaultMenu,
  onNavigate,
}: {
  /** Other entries than the default menu's (the sidebar's second list). */
  items?: readonly MenuItem[];
  onNavigate?: () => void;
}) {
  return (
    <ul className={styles.menu}>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end
            className={({ isActive }) =>
              isActive ? `${styles.link} ${styles.active}` : styles.link
            }
            onClick={onNavigate}
          >
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
