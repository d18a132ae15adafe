-- A chat turn is written as one statement without a transaction when nothing must follow it (decisions/0055-one-statement-turns.md).
-- Its last SELECT calls this when a subscriber's condition holds (the month reached a usage threshold): the error undoes
-- the whole statement, and the turn is written again in a transaction with what follows it.
CREATE FUNCTION parley_turn_needs_transaction() RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE EXCEPTION 'this chat turn is written in a transaction' USING ERRCODE = 'PT001';
END
$$;
