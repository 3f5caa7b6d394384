-- Every queue written since 0031 keeps each outfit's reason. A queue from before it (no reason,
-- or a JSON null) is dropped whole, so its shopper's next page ranks afresh, and a queued outfit
-- cannot lack a reason again. The table is locked first: the ALTER's lock taken after the
-- DELETE's row locks could deadlock with a queue being stored meanwhile.
LOCK TABLE feed_queue IN ACCESS EXCLUSIVE MODE;
DELETE FROM feed_queue
 WHERE user_id IN (SELECT user_id FROM feed_queue
                    WHERE reason IS NULL OR jsonb_typeof(reason) <> 'object');
ALTER TABLE feed_queue
  ALTER COLUMN reason SET NOT NULL,
  ADD CONSTRAINT feed_queue_reason_object CHECK (jsonb_typeof(reason) = 'object');
