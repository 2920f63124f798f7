'use client';

import { formatLongDate } from '@freight/domain/dates';
import { MANAGER_RATING_COMMENT_MAX, nextMonthStart } from '@freight/domain/finance';
import { COMMERCIAL_TEXTS } from '@freight/domain/texts/commercial';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert, Button, Hint, StarRating, StarsShown, TextArea } from '@/components/ui';
import { errorMessage, managerApi } from '../api/manager-api';
import { lazyZodResolver, preloadSchemas } from '../lib/form';
import styles from './manager.module.css';

const S = COMMERCIAL_TEXTS.managerScreen;

interface RatingFormValues {
  rating: number;
  comment: string;
}

/** What RatingFormSchema gives back: the comment trimmed (or null). */
interface RatingFormOutput {
  rating: number;
  comment?: string | null | undefined;
}

export interface ManagerRatingProps {
  accountUuid: string;
  managerId: number;
  /** This month's rating by the user, if given already. */
  rated: { rating: number; comment: string | null } | null;
  /** Today, YYYY-MM-DD (Moscow): the next rating is possible from the 1st of the next month. */
  today: string;
}

/**
 * «Оценить работу менеджера»: 1–5 stars (a radio group: arrows move and choose, Tab leaves) and an
 * optional comment, sent once a month (POST /user/duty_manager_rating/). After a success, or when
 * this month's rating exists, the rating is shown with the date the next one is possible; the
 * API's refusal (409: rated already this month) is shown as the API words it.
 */
export function ManagerRating({ accountUuid, managerId, rated, today }: ManagerRatingProps) {
  const [given, setGiven] = useState<{ rating: number; justNow: boolean } | null>(
    rated ? { rating: rated.rating, justNow: false } : null,
  );
  const [error, setError] = useState<string | null>(null);
  const form = useForm<RatingFormValues, unknown, RatingFormOutput>({
    defaultValues: { rating: 0, comment: '' },
    resolver: lazyZodResolver<RatingFormValues, RatingFormOutput>('RatingFormSchema'),
  });
  const rating = useWatch({ control: form.control, name: 'rating' });
  const { errors, isSubmitting } = form.formState;
  const next = S.nextRating(formatLongDate(nextMonthStart(today)));
  const groupLabelId = `rating-label-${managerId}-${accountUuid}`;

  if (given !== null) {
    return (
      <div className={styles.rating} data-testid="manager-rated">
        {given.justNow ? <Alert variant="success">{S.thanks}</Alert> : <p>{S.ratedAlready}</p>}
        <p className={styles.ratedLine}>
          <StarsShown value={given.rating} label={S.ratingYours(given.rating)} className={styles.stars} />{' '}
          <span>{S.ratingYours(given.rating)}</span>
        </p>
        <Hint>{next}</Hint>
      </div>
    );
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    const comment = values.comment?.trim() ?? '';
    try {
      const saved = await managerApi.rate({
        account_uuid: accountUuid,
        manager_id: managerId,
        rating: values.rating,
        ...(comment ? { comment } : {}),
      });
      setGiven({ rating: typeof saved?.rating === 'number' ? saved.rating : values.rating, justNow: true });
    } catch (e) {
      setError(errorMessage(e));
    }
  });

  const choose = (n: number) => form.setValue('rating', n, { shouldValidate: form.formState.isSubmitted });

  return (
    <form className={styles.rating} onSubmit={onSubmit} onFocus={preloadSchemas} noValidate>
      <Hint>{S.rateHint}</Hint>
      <span id={groupLabelId} className={styles.label}>
        {S.ratingLabel}
      </span>
      <StarRating
        value={rating}
        onChange={choose}
        starLabel={S.ratingStar}
        aria-labelledby={groupLabelId}
        aria-invalid={errors.rating ? true : undefined}
        aria-describedby={errors.rating ? `${groupLabelId}-error` : undefined}
        className={styles.stars}
      />
      {errors.rating ? (
        <p id={`${groupLabelId}-error`} className={styles.fieldError} role="alert">
          {errors.rating.message}
        </p>
      ) : null}
      <TextArea
        label={S.commentLabel}
        {...form.register('comment')}
        maxLength={MANAGER_RATING_COMMENT_MAX}
        rows={3}
        error={errors.comment?.message}
      />
      {error ? <Alert variant="error">{error}</Alert> : null}
      <div>
        <Button type="submit" loading={isSubmitting}>
          {S.submit}
        </Button>
      </div>
    </form>
  );
}
