-- A job's rows keep room on their page for the versions a claim and a success write.
--
-- A claim fills a row's worker, lease and start; a success its end: each version is larger
-- than the one it replaces. A drain claims the jobs of a page together, in one statement, while
-- the versions they replace are still live, and at a fill factor of 50 the page could not hold
-- them all: in a drain of 50,000 no-ops 17 % of event_histories' updates and 14 % of
-- job_queue's were not heap-only, and each of those wrote a new entry in every index of its
-- table (six on event_histories). Index inserts were a fifth of PostgreSQL's time. At 40 on
-- both, 97 % and 100 % stayed on their page, and PostgreSQL's CPU per round fell by about a
-- fifth (docs/benchmarks.md, step 35).
--
-- The price is space: a job's final version stays on a page filled to about 40 %, where 50 %
-- was the rule before. Only pages written from now on follow it.
ALTER TABLE event_histories SET (fillfactor = 40);
ALTER TABLE job_queue SET (fillfactor = 40);
