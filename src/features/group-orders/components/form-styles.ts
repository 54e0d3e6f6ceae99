/**
 * The classes of the group-order forms: the order form's (src/ui/order-form, the checkout's: the same fields, the same shape)
 * and the few of their own (form.module.css), so the two forms never drift apart.
 */
import checkout from '../../../ui/order-form/order-form.module.css';
import own from './form.module.css';

export const formStyles: Readonly<Record<string, string>> = { ...checkout, ...own };
