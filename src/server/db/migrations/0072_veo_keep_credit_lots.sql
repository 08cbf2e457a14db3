-- Made from src/server/db/functions/veo_keep_credit_lots.sql by npm run db:function-migration (decision 0066).
CREATE OR REPLACE FUNCTION "veo_keep_credit_lots"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  left_over integer := abs(NEW."amount");
  drawn_before boolean := false;
  lot record;
  take integer;
BEGIN
  IF NEW."amount" > 0 THEN
    IF NEW."type" = 'refund' AND (NEW."video_task_id" IS NOT NULL OR NEW."image_task_id" IS NOT NULL) THEN
      FOR lot IN
        SELECT d."lot_id", d."amount", l."expired_at" IS NULL AS "live"
        FROM "credit_lot_draws" d
        JOIN "transactions" u ON u."id" = d."transaction_id"
        JOIN "credit_lots" l ON l."id" = d."lot_id"
        WHERE (u."video_task_id" = NEW."video_task_id" OR u."image_task_id" = NEW."image_task_id") AND u."type" = 'usage'
          AND u."upgrade" IS NOT DISTINCT FROM NEW."upgrade"
        ORDER BY l."expires_at" DESC NULLS FIRST, l."created_at" DESC, l."id"
        FOR UPDATE OF l
      LOOP
        drawn_before := true;
        CONTINUE WHEN NOT lot."live";
        take := least(lot."amount", left_over);
        EXIT WHEN take <= 0;
        UPDATE "credit_lots" SET "remaining" = "remaining" + take WHERE "id" = lot."lot_id";
        INSERT INTO "credit_lot_draws" ("transaction_id", "lot_id", "amount") VALUES (NEW."id", lot."lot_id", take);
        left_over := left_over - take;
      END LOOP;
    END IF;
    IF left_over > 0 THEN
      -- What a refund could not put back (its lots expired meanwhile) lasts 30 days from now.
      INSERT INTO "credit_lots" ("user_id", "source_transaction_id", "kind", "amount", "remaining", "expires_at")
      VALUES (NEW."user_id", NEW."id", NEW."type", left_over, left_over,
              CASE WHEN drawn_before THEN now() + interval '30 days' ELSE NEW."expires_at" END)
      RETURNING "id" INTO lot;
      INSERT INTO "credit_lot_draws" ("transaction_id", "lot_id", "amount") VALUES (NEW."id", lot."id", left_over);
    END IF;
  ELSIF NEW."type" = 'expiry' AND NEW."lot_id" IS NOT NULL THEN
    -- An expiry row takes out what is left of its own lot, already marked expired by its writer.
    UPDATE "credit_lots" SET "remaining" = "remaining" - left_over WHERE "id" = NEW."lot_id";
    INSERT INTO "credit_lot_draws" ("transaction_id", "lot_id", "amount") VALUES (NEW."id", NEW."lot_id", left_over);
  ELSIF NEW."amount" < 0 THEN
    FOR lot IN
      SELECT "id", "remaining" FROM "credit_lots"
      WHERE "user_id" = NEW."user_id" AND "remaining" > 0 AND "expired_at" IS NULL
      -- A spend its writer says a kind of lot cannot pay for (`veo.draw_last_kind`, set for the
      -- transaction: welcome credits for a video they cannot mark, decision 0155) draws on it last.
      ORDER BY ("kind" = current_setting('veo.draw_last_kind', true)) IS TRUE,
        "expires_at" ASC NULLS LAST, "created_at", "id"
      FOR UPDATE
    LOOP
      take := least(lot."remaining", left_over);
      UPDATE "credit_lots" SET "remaining" = "remaining" - take WHERE "id" = lot."id";
      INSERT INTO "credit_lot_draws" ("transaction_id", "lot_id", "amount") VALUES (NEW."id", lot."id", take);
      left_over := left_over - take;
      EXIT WHEN left_over = 0;
    END LOOP;
    IF left_over > 0 THEN
      RAISE WARNING 'credit lots of user % lack % credits for transaction %', NEW."user_id", left_over, NEW."id";
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "transactions_keep_credit_lots" AFTER INSERT ON "transactions" FOR EACH ROW EXECUTE FUNCTION "veo_keep_credit_lots"();
