-- Second contracts settle honestly (ADR 0040), so the payouts must not hand the house's money
-- to chance: a win pays stake × profit_ratio / 100 on top of the stake, a loss takes the stake,
-- and the fee (1 % of USDT stakes) is never returned. A bettor who guesses at random wins half
-- the time, so he gains (ratio / 100 − 1) / 2 − fee / 100 per unit staked: 120 % paid +9 % of
-- every stake. The seeded ratios become what keeps that negative with a margin that also covers
-- a bettor who knows the walk's slow pull toward its reference (ADR 0040 works it out).
-- Ratios an operator already changed from the seed are left as they are.
UPDATE micro_seconds SET profit_ratio = 85 WHERE seconds = 30 AND profit_ratio = 120;
UPDATE micro_seconds SET profit_ratio = 85 WHERE seconds = 60 AND profit_ratio = 90;
UPDATE micro_seconds SET profit_ratio = 85 WHERE seconds = 180 AND profit_ratio = 95;
UPDATE micro_seconds SET profit_ratio = 80 WHERE seconds = 300 AND profit_ratio = 85;
UPDATE micro_seconds SET profit_ratio = 80 WHERE seconds = 600 AND profit_ratio = 80;
UPDATE micro_seconds SET profit_ratio = 75 WHERE seconds = 900 AND profit_ratio = 75;
