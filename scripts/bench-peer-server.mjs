// The peer a polled read is measured against (issue 43 §5): the same three reads as a typical
// Express app writes them, with express-session keeping its sessions in PostgreSQL
// (connect-pg-simple, its defaults: every request reads its session and touches its expiry) and
// pg querying the bench's seeded database. Run by bench-peer.mjs in a process of its own;
// argv[2] is the database's URL. It prints its port, then serves until killed.
import connectPgSimple from "connect-pg-simple";
import express from "express";
import session from "express-session";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.argv[2] });
const PgStore = connectPgSimple(session);
const app = express();
app.use(
  session({
    store: new PgStore({ pool, tableName: "bench_peer_sessions", createTableIfMissing: true }),
    secret: "bench peer secret",
    resave: false,
    saveUninitialized: false,
    cookie: { httpOnly: true, sameSite: "lax", maxAge: 30 * 24 * 3600 * 1000 },
  }),
);

// The bench signs each seeded user in here: the peer's sign-in is not what is measured.
app.post("/bench/sign-in/:userId", (req, res, next) => {
  req.session.userId = req.params.userId;
  req.session.save((err) => (err ? next(err) : res.status(204).end()));
});

const signedIn = (req, res, next) => (req.session.userId ? next() : res.status(401).json({ error: "Not signed in" }));

app.get("/api/auth/current-user", signedIn, async (req, res) => {
  const { rows } = await pool.query(
    "select id, username, email, credits, is_admin, created_at from users where id = $1",
    [req.session.userId],
  );
  res.json({ user: rows[0] ?? null });
});

app.get("/api/video-tasks", signedIn, async (req, res) => {
  const days = Math.min(Math.max(Number(req.query.days) || 14, 1), 90);
  const { rows } = await pool.query(
    "select * from video_tasks where user_id = $1 and created_at >= now() - make_interval(days => $2) order by created_at desc",
    [req.session.userId, days],
  );
  res.json({ tasks: rows });
});

app.get("/api/video-status/:taskId", signedIn, async (req, res) => {
  const { rows } = await pool.query(
    "select task_id, status, error_message, result_urls, hd_video_url from video_tasks where task_id = $1 and user_id = $2",
    [req.params.taskId, req.session.userId],
  );
  if (!rows[0]) return res.status(404).json({ error: "Video not found" });
  const task = rows[0];
  const successFlag = task.status === "completed" ? 1 : task.status === "failed" ? 2 : 0;
  res.json({
    data: {
      taskId: task.task_id,
      status: task.status,
      successFlag,
      errorMessage: task.error_message,
      resultUrls: JSON.stringify(task.result_urls ?? []),
      hdVideoUrl: task.hd_video_url,
    },
  });
});

const server = app.listen(0, "127.0.0.1", () => process.stdout.write(`${server.address().port}\n`));
server.keepAliveTimeout = 60_000;
