'use client';

import { CARGO_RATING_COMMENT_MAX_LENGTH } from '@freight/domain/cargo-status';
import { ACCOUNT_ORDERS_TEXTS } from '@freight/domain/texts/account-orders';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert, Button, StarRating, StarsShown, TextArea } from '@/components/ui';
import { errorMessage, ordersApi } from '../api/orders-api';
import { lazyZodResolver, preloadSchemas } from '../lib/form';
import styles from './orders.module.css';

const T = ACCOUNT_ORDERS_TEXTS;

interface RatingFormValues {
  rating: number;
  comment: string;
}

/**
 * Rating of a delivered cargo: 1–5 stars (a radio group) and an optional comment, sent once;
 * afterwards the given rating (`rated`, the server's) is shown instead of the form. The thanks
 * for a rating given here stays after the refresh that brings `rated` (the state lives here).
 */
export function RateCargo({ track, rated }: { track: string; rated: number | null }) {
  const router = useRouter();
  // The rating just given here; the server's `rated` otherwise.
  const [given, setGiven] = useState<number | null>(null);
  const shown = given ?? rated;
  const [error, setError] = useState<string | null>(null);
  const form = useForm<RatingFormValues>({
    defaultValues: { rating: 0, comment: '' },
    resolver: lazyZodResolver<RatingFormValues>('RatingFormSchema'),
  });
  const rating = useWatch({ control: form.control, name: 'rating' });
  const { errors, isSubmitting } = form.formState;

  if (shown !== null) {
    return (
      <div className={styles.form}>
        {given !== null && <Alert variant="success">{T.ratingThanks}</Alert>}
        <p>
          <StarsShown value={shown} label={T.ratingYours(shown)} /> {T.ratingYours(shown)}
        </p>
      </div>
    );
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const answer = await ordersApi.rate(track, values.rating, values.comment);
      setGiven(answer.rating);
      router.refresh();
    } catch (e) {
      setError(errorMessage(e));
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} onFocus={preloadSchemas} noValidate>
      <StarRating
        value={rating}
        onChange={(n) => form.setValue('rating', n, { shouldValidate: form.formState.isSubmitted })}
        starLabel={T.ratingStar}
        aria-label={T.ratingLabel}
      />
      {errors.rating && (
        <p className={styles.fieldError} role="alert">
          {errors.rating.message}
        </p>
      )}
      <TextArea
        label={T.ratingComment}
        {...form.register('comment')}
        maxLength={CARGO_RATING_COMMENT_MAX_LENGTH}
        rows={3}
        error={errors.comment?.message}
      />
      {error && <Alert variant="error">{error}</Alert>}
      <Button type="submit" loading={isSubmitting}>
        {T.ratingSubmit}
      </Button>
    </form>
  );
}
