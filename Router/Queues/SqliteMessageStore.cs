using System.Collections.Concurrent;
using System.Threading.Channels;
using Microsoft.Data.Sqlite;

namespace SoapRouter.Queues;

/// <summary>
/// The local engine: SQLite (Microsoft.Data.Sqlite) in WAL mode with <c>synchronous=FULL</c>, in one file under
/// <c>queues.path</c>. SQLite is the storage format: its journal makes a commit durable when it returns and drops a
/// transaction a crash cut short, so no record of ours can be half written. Every write goes through one writer that
/// commits whatever is waiting in one transaction (group commit): many messages per flush, one flush per batch. Reads
/// (delivery, dead letters) use their own pooled connections beside it.
/// </summary>
internal sealed class SqliteMessageStore : IMessageStore
{
    private const string FileName = "messages.db";
    private const int MaxBatch = 512;
    private const int SqliteFull = 13;

    private readonly string _connectionString;
    private readonly long _maxBytes;
    private readonly SqliteConnection _writer;
    private readonly Channel<WriteOp> _writes = Channel.CreateUnbounded<WriteOp>(new UnboundedChannelOptions { SingleReader = true });
    private readonly Task _writeLoop;
    private readonly ConcurrentDictionary<string, Counts> _counts = new(StringComparer.Ordinal);
    private readonly ILogger _logger;
    private long _bytes;

    /// <summary>
    /// Opens (or creates) the store in <paramref name="folder"/>, holding at most <paramref name="maxBytes"/> of messages;
    /// <paramref name="maxPageCount"/> caps the file in SQLite pages (a full disk, for tests; 0: no cap).
    /// </summary>
    public SqliteMessageStore(string folder, long maxBytes, ILogger logger, long maxPageCount = 0)
    {
        Directory.CreateDirectory(folder);
        _connectionString = new SqliteConnectionStringBuilder
        {
            DataSource = Path.Combine(folder, FileName),
            Mode = SqliteOpenMode.ReadWriteCreate,
            Cache = SqliteCacheMode.Private,
            Pooling = true,
            DefaultTimeout = 30,
        }.ToString();
        _maxBytes = maxBytes;
        _logger = logger;
        _writer = new SqliteConnection(_connectionString);
        _writer.Open();
        Execute(_writer, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA busy_timeout=30000;");
        if (maxPageCount > 0)
        {
            Execute(_writer, $"PRAGMA max_page_count={maxPageCount};");
        }

        Execute(_writer, """
            CREATE TABLE IF NOT EXISTS messages(
              id INTEGER PRIMARY KEY AUTOINCREMENT,
              queue TEXT NOT NULL, route TEXT NOT NULL, cluster TEXT NOT NULL, listener TEXT NOT NULL,
              content_type TEXT NOT NULL, soap_action TEXT, trace_parent TEXT, message_id TEXT,
              body BLOB NOT NULL, size INTEGER NOT NULL, enqueued INTEGER NOT NULL, due INTEGER NOT NULL,
              attempts INTEGER NOT NULL DEFAULT 0, dead INTEGER NOT NULL DEFAULT 0, reason TEXT);
            CREATE INDEX IF NOT EXISTS messages_due ON messages(queue, dead, due, id);
            CREATE INDEX IF NOT EXISTS messages_order ON messages(queue, dead, id);
            CREATE UNIQUE INDEX IF NOT EXISTS messages_message_id ON messages(queue, message_id) WHERE message_id IS NOT NULL AND dead = 0;
            """);
        using (var command = _writer.CreateCommand())
        {
            command.CommandText = "SELECT queue, dead, COUNT(*), COALESCE(SUM(size), 0) FROM messages GROUP BY queue, dead";
            using var reader = command.ExecuteReader();
            while (reader.Read())
            {
                var counts = CountsOf(reader.GetString(0));
                var dead = reader.GetInt64(1) != 0;
                var count = reader.GetInt64(2);
                var bytes = reader.GetInt64(3);
                counts.Add(dead ? 0 : count, dead ? 0 : bytes, dead ? count : 0, dead ? bytes : 0);
                _bytes += bytes;
            }
        }

        _writeLoop = Task.Run(WriteLoopAsync);
    }

    /// <summary>Bytes of messages and dead letters kept now.</summary>
    public long Bytes => Interlocked.Read(ref _bytes);

    /// <inheritdoc />
    public ValueTask<StoreResult> AppendAsync(StoredMessage message, IReadOnlyList<QueueTarget> targets, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(message);
        ArgumentNullException.ThrowIfNull(targets);
        var size = (long)message.Body.Length * targets.Count;
        if (Interlocked.Read(ref _bytes) + size > _maxBytes)
        {
            return ValueTask.FromResult(StoreResult.Full);
        }

        var op = new AppendOp(message, targets);
        return _writes.Writer.TryWrite(op) ? new ValueTask<StoreResult>(op.Done.Task) : ValueTask.FromResult(StoreResult.Unavailable);
    }

    /// <inheritdoc />
    public async ValueTask<IReadOnlyList<StoredMessage>> TakeDueAsync(string queue, int max, long now, CancellationToken cancellationToken)
    {
        await using var connection = await OpenAsync(cancellationToken).ConfigureAwait(false);
        await using var command = connection.CreateCommand();
        command.CommandText = """
            SELECT id, queue, route, cluster, listener, content_type, soap_action, trace_parent, message_id, body, enqueued, attempts, reason
            FROM messages WHERE queue = $queue AND dead = 0 AND due <= $now ORDER BY due, id LIMIT $max
            """;
        command.Parameters.AddWithValue("$queue", queue);
        command.Parameters.AddWithValue("$now", now);
        command.Parameters.AddWithValue("$max", max);
        return await ReadAllAsync(command, withBody: true, cancellationToken).ConfigureAwait(false);
    }

    /// <inheritdoc />
    public async ValueTask<long?> NextDueAsync(string queue, CancellationToken cancellationToken)
    {
        await using var connection = await OpenAsync(cancellationToken).ConfigureAwait(false);
        await using var command = connection.CreateCommand();
        command.CommandText = "SELECT MIN(due) FROM messages WHERE queue = $queue AND dead = 0";
        command.Parameters.AddWithValue("$queue", queue);
        return await command.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false) is long due ? due : null;
    }

    /// <inheritdoc />
    public ValueTask CompleteAsync(StoredMessage message, CancellationToken cancellationToken) => Write(new CompleteOp(message));

    /// <inheritdoc />
    public ValueTask RetryAsync(StoredMessage message, long due, string reason, CancellationToken cancellationToken) =>
        Write(new RetryOp(message, due, reason));

    /// <inheritdoc />
    public ValueTask DeadLetterAsync(StoredMessage message, string reason, CancellationToken cancellationToken) => Write(new DeadLetterOp(message, reason));

    /// <inheritdoc />
    public async ValueTask<IReadOnlyList<string>> QueuesAsync(CancellationToken cancellationToken)
    {
        await using var connection = await OpenAsync(cancellationToken).ConfigureAwait(false);
        await using var command = connection.CreateCommand();
        command.CommandText = "SELECT DISTINCT queue FROM messages";
        var queues = new List<string>();
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            queues.Add(reader.GetString(0));
        }

        return queues;
    }

    /// <inheritdoc />
    public QueueDepth Depth(string queue)
    {
        var counts = CountsOf(queue);
        long oldest = 0;
        if (counts.Messages > 0)
        {
            using var connection = new SqliteConnection(_connectionString);
            connection.Open();
            using var command = connection.CreateCommand();
            command.CommandText = "SELECT enqueued FROM messages WHERE queue = $queue AND dead = 0 ORDER BY id LIMIT 1";
            command.Parameters.AddWithValue("$queue", queue);
            oldest = command.ExecuteScalar() is long enqueued ? enqueued : 0;
        }

        return new QueueDepth(counts.Messages, counts.Bytes, oldest, counts.DeadLetters);
    }

    /// <inheritdoc />
    public async ValueTask<IReadOnlyList<StoredMessage>> DeadLettersAsync(string queue, int max, CancellationToken cancellationToken)
    {
        await using var connection = await OpenAsync(cancellationToken).ConfigureAwait(false);
        await using var command = connection.CreateCommand();
        command.CommandText = """
            SELECT id, queue, route, cluster, listener, content_type, soap_action, trace_parent, message_id, size, enqueued, attempts, reason
            FROM messages WHERE queue = $queue AND dead = 1 ORDER BY id LIMIT $max
            """;
        command.Parameters.AddWithValue("$queue", queue);
        command.Parameters.AddWithValue("$max", max);
        return await ReadAllAsync(command, withBody: false, cancellationToken).ConfigureAwait(false);
    }

    /// <inheritdoc />
    public async ValueTask<int> ReplayAsync(string queue, CancellationToken cancellationToken)
    {
        var op = new DeadLettersOp(queue, replay: true);
        await Write(op).ConfigureAwait(false);
        return op.Count;
    }

    /// <inheritdoc />
    public async ValueTask<int> PurgeAsync(string queue, CancellationToken cancellationToken)
    {
        var op = new DeadLettersOp(queue, replay: false);
        await Write(op).ConfigureAwait(false);
        return op.Count;
    }

    /// <inheritdoc />
    public async ValueTask DisposeAsync()
    {
        _writes.Writer.TryComplete();
        await _writeLoop.ConfigureAwait(false);
        await _writer.DisposeAsync().ConfigureAwait(false);
        SqliteConnection.ClearAllPools();
    }

    private Counts CountsOf(string queue) => _counts.GetOrAdd(queue, static _ => new Counts());

    private async ValueTask Write(WriteOp op)
    {
        ObjectDisposedException.ThrowIf(!_writes.Writer.TryWrite(op), this);

        await op.Done.Task.ConfigureAwait(false);
    }

    private async Task<SqliteConnection> OpenAsync(CancellationToken cancellationToken)
    {
        var connection = new SqliteConnection(_connectionString);
        await connection.OpenAsync(cancellationToken).ConfigureAwait(false);
        return connection;
    }

    private static async Task<IReadOnlyList<StoredMessage>> ReadAllAsync(SqliteCommand command, bool withBody, CancellationToken cancellationToken)
    {
        var messages = new List<StoredMessage>();
        await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
        while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
        {
            messages.Add(new StoredMessage
            {
                Id = reader.GetInt64(0),
                Queue = reader.GetString(1),
                Route = reader.GetString(2),
                Cluster = reader.GetString(3),
                Listener = reader.GetString(4),
                ContentType = reader.GetString(5),
                SoapAction = reader.IsDBNull(6) ? null : reader.GetString(6),
                TraceParent = reader.IsDBNull(7) ? null : reader.GetString(7),
                MessageId = reader.IsDBNull(8) ? null : reader.GetString(8),
                Body = withBody ? (byte[])reader.GetValue(9) : new byte[reader.GetInt64(9)],
                EnqueuedAt = reader.GetInt64(10),
                Attempts = reader.GetInt32(11),
                Reason = reader.IsDBNull(12) ? null : reader.GetString(12),
            });
        }

        return messages;
    }

    private static void Execute(SqliteConnection connection, string sql)
    {
        using var command = connection.CreateCommand();
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }

    private async Task WriteLoopAsync()
    {
        var batch = new List<WriteOp>(MaxBatch);
        var reader = _writes.Reader;
        while (await reader.WaitToReadAsync().ConfigureAwait(false))
        {
            batch.Clear();
            while (batch.Count < MaxBatch && reader.TryRead(out var op))
            {
                batch.Add(op);
            }

            Commit(batch);
        }
    }

    /// <summary>One transaction for everything waiting: one flush for the whole batch. A batch that fails is tried op by op, so one bad op fails alone.</summary>
    private void Commit(List<WriteOp> batch)
    {
        if (TryCommit(batch, out var error))
        {
            return;
        }

        if (batch.Count > 1)
        {
            foreach (var op in batch)
            {
                if (!TryCommit([op], out var single))
                {
                    op.Fail(single!);
                }
            }

            return;
        }

        batch[0].Fail(error!);
    }

    private bool TryCommit(List<WriteOp> batch, out SqliteException? error)
    {
        error = null;
        try
        {
            using (var transaction = _writer.BeginTransaction())
            {
                foreach (var op in batch)
                {
                    op.Execute(_writer, transaction);
                }

                transaction.Commit();
            }

            foreach (var op in batch)
            {
                op.Committed(this);
            }

            return true;
        }
        catch (SqliteException exception)
        {
            if (exception.SqliteErrorCode != SqliteFull)
            {
                QueueLog.StoreWriteFailed(_logger, exception.SqliteErrorCode, exception.GetType().Name);
            }

            foreach (var op in batch)
            {
                op.RolledBack();
            }

            error = exception;
            return false;
        }
    }

    private sealed class Counts
    {
        private long _messages;
        private long _bytes;
        private long _dead;
        private long _deadBytes;

        public long Messages => Interlocked.Read(ref _messages);

        public long Bytes => Interlocked.Read(ref _bytes);

        public long DeadLetters => Interlocked.Read(ref _dead);

        public long DeadBytes => Interlocked.Read(ref _deadBytes);

        public void Add(long messages, long bytes, long dead, long deadBytes)
        {
            Interlocked.Add(ref _messages, messages);
            Interlocked.Add(ref _bytes, bytes);
            Interlocked.Add(ref _dead, dead);
            Interlocked.Add(ref _deadBytes, deadBytes);
        }
    }

    /// <summary>One write, run in the writer's transaction; completed once the transaction is committed (or failed).</summary>
    private abstract class WriteOp
    {
        public TaskCompletionSource Done { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

        public abstract void Execute(SqliteConnection connection, SqliteTransaction transaction);

        /// <summary>The transaction it was in committed: counts follow, and its caller goes on.</summary>
        public virtual void Committed(SqliteMessageStore store) => Done.TrySetResult();

        /// <summary>The transaction it was in was rolled back: what Execute learnt is forgotten (it may run again).</summary>
        public virtual void RolledBack()
        {
        }

        public virtual void Fail(SqliteException error) => Done.TrySetException(error);
    }

    private sealed class AppendOp(StoredMessage message, IReadOnlyList<QueueTarget> targets) : WriteOp
    {
        private readonly List<string> _inserted = new(targets.Count);

        public new TaskCompletionSource<StoreResult> Done { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

        public override void Execute(SqliteConnection connection, SqliteTransaction transaction)
        {
            _inserted.Clear();
            using var command = connection.CreateCommand();
            command.Transaction = transaction;
            command.CommandText = """
                INSERT OR IGNORE INTO messages(queue, route, cluster, listener, content_type, soap_action, trace_parent, message_id, body, size, enqueued, due)
                VALUES ($queue, $route, $cluster, $listener, $contentType, $soapAction, $traceParent, $messageId, $body, $size, $enqueued, $enqueued)
                """;
            var queue = command.Parameters.Add("$queue", SqliteType.Text);
            var cluster = command.Parameters.Add("$cluster", SqliteType.Text);
            command.Parameters.AddWithValue("$route", message.Route);
            command.Parameters.AddWithValue("$listener", message.Listener);
            command.Parameters.AddWithValue("$contentType", message.ContentType);
            command.Parameters.AddWithValue("$soapAction", (object?)message.SoapAction ?? DBNull.Value);
            command.Parameters.AddWithValue("$traceParent", (object?)message.TraceParent ?? DBNull.Value);
            command.Parameters.AddWithValue("$messageId", (object?)message.MessageId ?? DBNull.Value);
            command.Parameters.AddWithValue("$body", message.Body);
            command.Parameters.AddWithValue("$size", message.Body.Length);
            command.Parameters.AddWithValue("$enqueued", message.EnqueuedAt);
            foreach (var target in targets)
            {
                queue.Value = target.Queue;
                cluster.Value = target.Cluster;
                if (command.ExecuteNonQuery() > 0)
                {
                    _inserted.Add(target.Queue);
                }
            }
        }

        public override void Committed(SqliteMessageStore store)
        {
            foreach (var inserted in _inserted)
            {
                store.CountsOf(inserted).Add(1, message.Body.Length, 0, 0);
                Interlocked.Add(ref store._bytes, message.Body.Length);
            }

            Done.TrySetResult(_inserted.Count == 0 ? StoreResult.Duplicate : StoreResult.Stored);
        }

        public override void RolledBack() => _inserted.Clear();

        public override void Fail(SqliteException error) =>
            Done.TrySetResult(error.SqliteErrorCode == SqliteFull ? StoreResult.Full : StoreResult.Unavailable);
    }

    private sealed class CompleteOp(StoredMessage message) : WriteOp
    {
        private bool _deleted;

        public override void Execute(SqliteConnection connection, SqliteTransaction transaction)
        {
            using var command = connection.CreateCommand();
            command.Transaction = transaction;
            command.CommandText = "DELETE FROM messages WHERE id = $id AND dead = 0";
            command.Parameters.AddWithValue("$id", message.Id);
            _deleted = command.ExecuteNonQuery() > 0;
        }

        public override void Committed(SqliteMessageStore store)
        {
            if (_deleted)
            {
                store.CountsOf(message.Queue).Add(-1, -message.Body.Length, 0, 0);
                Interlocked.Add(ref store._bytes, -message.Body.Length);
            }

            base.Committed(store);
        }
    }

    private sealed class RetryOp(StoredMessage message, long due, string reason) : WriteOp
    {
        public override void Execute(SqliteConnection connection, SqliteTransaction transaction)
        {
            using var command = connection.CreateCommand();
            command.Transaction = transaction;
            command.CommandText = "UPDATE messages SET attempts = attempts + 1, due = $due, reason = $reason WHERE id = $id";
            command.Parameters.AddWithValue("$id", message.Id);
            command.Parameters.AddWithValue("$due", due);
            command.Parameters.AddWithValue("$reason", reason);
            command.ExecuteNonQuery();
        }
    }

    private sealed class DeadLetterOp(StoredMessage message, string reason) : WriteOp
    {
        private bool _moved;

        public override void Execute(SqliteConnection connection, SqliteTransaction transaction)
        {
            using var command = connection.CreateCommand();
            command.Transaction = transaction;
            command.CommandText = "UPDATE messages SET attempts = attempts + 1, dead = 1, reason = $reason WHERE id = $id AND dead = 0";
            command.Parameters.AddWithValue("$id", message.Id);
            command.Parameters.AddWithValue("$reason", reason);
            _moved = command.ExecuteNonQuery() > 0;
        }

        public override void Committed(SqliteMessageStore store)
        {
            if (_moved)
            {
                store.CountsOf(message.Queue).Add(-1, -message.Body.Length, 1, message.Body.Length);
            }

            base.Committed(store);
        }
    }

    /// <summary>A queue's dead letters taken at once: put back in line (replay) or dropped (purge).</summary>
    private sealed class DeadLettersOp(string queue, bool replay) : WriteOp
    {
        private long _bytes;

        public int Count { get; private set; }

        public override void Execute(SqliteConnection connection, SqliteTransaction transaction)
        {
            using var command = connection.CreateCommand();
            command.Transaction = transaction;
            command.CommandText = "SELECT COUNT(*), COALESCE(SUM(size), 0) FROM messages WHERE queue = $queue AND dead = 1";
            command.Parameters.AddWithValue("$queue", queue);
            using (var reader = command.ExecuteReader())
            {
                reader.Read();
                Count = (int)reader.GetInt64(0);
                _bytes = reader.GetInt64(1);
            }

            command.CommandText = replay
                ? "UPDATE messages SET dead = 0, attempts = 0, due = 0, reason = NULL WHERE queue = $queue AND dead = 1"
                : "DELETE FROM messages WHERE queue = $queue AND dead = 1";
            command.ExecuteNonQuery();
        }

        public override void Committed(SqliteMessageStore store)
        {
            if (replay)
            {
                store.CountsOf(queue).Add(Count, _bytes, -Count, -_bytes);
            }
            else
            {
                store.CountsOf(queue).Add(0, 0, -Count, -_bytes);
                Interlocked.Add(ref store._bytes, -_bytes);
            }

            base.Committed(store);
        }
    }
}
