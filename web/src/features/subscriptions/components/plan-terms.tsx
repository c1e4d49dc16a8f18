/** An allowance as the screens say it: "Unlimited" for one without a cap. */
export const allowance = (n: number | null | undefined) => (n === null || n === undefined ? 'Unlimited' : n.toLocaleString('en-US'));
