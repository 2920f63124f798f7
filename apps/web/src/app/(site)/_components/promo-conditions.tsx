import styles from './home.module.css';

/**
 * A promotion's promo code with its conditions, as the API words them from the promo code's own
 * row («Промокод START10: −10 % на заказ от 3 000 ₽, до 30 июня 2027 г.», issue 21); the code
 * itself stands out, to be copied into the calculator or the order.
 */
export function PromoConditions({ code, conditions }: { code: string; conditions: string }) {
  const at = conditions.indexOf(code);
  return (
    <p data-testid="promo-conditions">
      {at < 0 ? (
        conditions
      ) : (
        <>
          {conditions.slice(0, at)}
          <strong className={styles.code}>{code}</strong>
          {conditions.slice(at + code.length)}
        </>
      )}
      .
    </p>
  );
}
