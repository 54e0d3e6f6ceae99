import { NavLink } from 'react-router';
import { menus, type MenuName } from './menus';
import styles from './main-menu.module.css';

export function MainMenu({
  name = 'default',
  onNavigate,
}: {
  name?: MenuName;
  onNavigate?: () => void;
}) {
  return (
    <ul className={styles.menu}>
      {menus[name].map((item) => (
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
