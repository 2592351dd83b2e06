// One label/value pair of a fact list (a <dl> with the `facts` class of facts.module.css): the label as <dt>, the value
// as <dd>, laid out by the shared styles. Used by the dispute page and the refund dialog.
import type { ReactNode } from 'react';
import classes from './facts.module.css';

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
