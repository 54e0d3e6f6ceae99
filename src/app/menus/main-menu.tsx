import { NavLink } from 'react-router';
import { menus, type MenuItem, type MenuName } from '../../lib/menus';
import styles from './main-menu.module.css';

export function MainMenu({
  name = 'default',
  items = menus[name],
  onNavigate,
}: {
  name?: MenuName;
  /** Other entries than the named menu's (the sidebar's second list). */
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
