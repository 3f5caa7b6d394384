-- Every queue written since 0031 keeps each outfit's reason. A queue from before it is dropped
-- whole, so its shopper's next page ranks afresh, and a queued outfit cannot lack a reason again.
DELETE FROM feed_queue
 WHERE user_id IN (SELECT user_id FROM feed_queue WHERE reason IS NULL);
ALTER TABLE feed_queue ALTER COLUMN reason SET NOT NULL;
