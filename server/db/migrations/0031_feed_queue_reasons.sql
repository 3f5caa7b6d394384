-- Each queued outfit keeps what placed it in the shopper's ranking (the signal and its facts,
-- docs/decisions/005-swipe-feed-ranking.md, "Why this outfit"), so a queued page still reads
-- its reasons from the one indexed read of the queue. Queues written before it have none: they
-- are ranked again within the half hour, and a card without one says only what is always true.
ALTER TABLE feed_queue ADD COLUMN reason jsonb;
