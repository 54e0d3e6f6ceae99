/** SPEC §5: the calculator form's errors, of the live state or of a snapshot of it. */
import { calculatorState } from './calculator-state';
import {
  amountError,
  zipError,
  type AmountError,
  type ZipCheck,
  type ZipError,
} from './validation';

export interface FieldErrors {
  zip: ZipError | null;
  amount: AmountError | null;
}

/** What validation reads: the live state or a snapshot of it. */
export interface FormView {
  readonly config: {
    readonly ZipCode: string;
    readonly Amount: number;
    readonly CountryId: number;
  };
  readonly zipCheck: Readonly<ZipCheck>;
  readonly touched: { readonly zip: boolean; readonly amount: boolean };
}

/** The errors of the current values, touched or not. */
export function fieldErrors(state: FormView = calculatorState): FieldErrors {
  const { ZipCode, Amount, CountryId } = state.config;
  return {
    zip: zipError(ZipCode, CountryId, state.zipCheck),
    amount: amountError(Amount),
  };
}

/** The errors a visitor sees: only of touched fields (an untouched empty form is not "wrong"). */
export function visibleErrors(state: FormView = calculatorState): FieldErrors {
  const errors = fieldErrors(state);
  return {
    zip: state.touched.zip ? errors.zip : null,
    amount: state.touched.amount ? errors.amount : null,
  };
}

/** SPEC §5: start and settings buttons are disabled while any field has an error. */
export function hasVisibleError(state: FormView = calculatorState): boolean {
  const e = visibleErrors(state);
  return e.zip !== null || e.amount !== null;
}
