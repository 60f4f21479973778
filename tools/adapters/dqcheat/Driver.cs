// Driver.cs - reads what the CompuGenius DQIX save editor's map engine
// computed, for tools/adapters/dqcheat.py (docs/other-tools.md).
//
// The editor (CompuGenius-Programs/DQIX-Save-Editor, lib/DQCheat.Patched.0.7.exe)
// is never part of this repository: its path is the one argument. This
// program loads it by reflection (its class DQ9_Cheat.GameData.
// TreasureMapDetailData, the engine behind the editor's treasure-map page)
// and, for each line on stdin, runs the engine and prints one line of what
// it holds afterwards, flushed. It interprets nothing: the field mapping is
// done by dqcheat.py, which the tests drive with recorded replies instead of
// this program.
//
//   count Q SEED  CalculateDetail(false, true) (details only) with MapRank Q,
//                 MapSeed SEED -> {"floors":N} (its FloorCount)
//   raw Q SEED    CalculateDetail(true, false) (details and floors) ->
//                 {"rank":Q,"seed":SEED,"details":[its 20 _details bytes],
//                  "name3":"its MapName3","rows":["hex", ...]}: rows are the
//                 engine's per-floor work area _dungeonInfo[f, 0..1335] for
//                 f = 0 .. FloorCount - 1, as 2672 hex digits
//   items Q SEED K T  CalculateDetail(true, false) as for raw (not run again
//                 when the last request ran it for the same map), then
//                 GetTreasureBoxItem(K - 1, i, T) for each chest i of floor K
//                 (i < _dungeonInfo[K - 1, 8]; none past FloorCount) ->
//                 {"items":["its item name", ...]} (its Japanese names; ""
//                 for a null)
//
// A malformed line: exit 2, one line on stderr. The engine throwing, or a
// member missing (another build of the editor): exit 3 with the message.
// Build: mcs -out:Driver.exe Driver.cs (tools/adapters/dqcheat.sh does it,
// cached); run: mono Driver.exe PATH/TO/DQCheat.Patched.0.7.exe.
using System;
using System.IO;
using System.Reflection;
using System.Text;

static class Driver
{
    const BindingFlags Any = BindingFlags.Public | BindingFlags.NonPublic |
                             BindingFlags.Instance | BindingFlags.Static;
    const int RowBytes = 1336;

    static Type engineType;
    static object engine;
    static string lastRun;           // "Q SEED" of the last CalculateDetail(true, false), else null

    static MemberInfo Need(MemberInfo m, string name)
    {
        if (m == null)
            throw new MissingMemberException("TreasureMapDetailData has no member " + name);
        return m;
    }

    static void Run(byte rank, ushort seed, bool floors)
    {
        ((PropertyInfo)Need(engineType.GetProperty("MapRank", Any), "MapRank")).SetValue(engine, rank, null);
        ((PropertyInfo)Need(engineType.GetProperty("MapSeed", Any), "MapSeed")).SetValue(engine, seed, null);
        var calc = (MethodInfo)Need(engineType.GetMethod("CalculateDetail", Any, null,
            new[] { typeof(bool), typeof(bool) }, null), "CalculateDetail(bool, bool)");
        calc.Invoke(engine, new object[] { floors, !floors });
        lastRun = floors ? rank + " " + seed : null;
    }

    static void Quote(StringBuilder sb, string s)
    {
        sb.Append('"');
        foreach (char c in s ?? "")
            sb.Append(c == '"' || c == '\\' ? "\\" + c : c < ' ' ? "?" : c.ToString());
        sb.Append('"');
    }

    static string Items(byte rank, ushort seed, int k, int t)
    {
        if (lastRun != rank + " " + seed)
            Run(rank, seed, true);
        var info = (byte[,])((FieldInfo)Need(engineType.GetField("_dungeonInfo", Any), "_dungeonInfo"))
            .GetValue(null);
        var item = (MethodInfo)Need(engineType.GetMethod("GetTreasureBoxItem", Any, null,
            new[] { typeof(int), typeof(int), typeof(int) }, null), "GetTreasureBoxItem(int, int, int)");
        var sb = new StringBuilder("{\"items\":[");
        int n = k <= FloorCount() ? info[k - 1, 8] : 0;
        for (int i = 0; i < n; i++)
        {
            sb.Append(i > 0 ? "," : "");
            Quote(sb, (string)item.Invoke(engine, new object[] { k - 1, i, t }));
        }
        return sb.Append("]}").ToString();
    }

    static int FloorCount()
    {
        return (int)((PropertyInfo)Need(engineType.GetProperty("FloorCount", Any), "FloorCount"))
            .GetValue(engine, null);
    }

    static string Raw(byte rank, ushort seed)
    {
        Run(rank, seed, true);
        var details = (byte[])((FieldInfo)Need(engineType.GetField("_details", Any), "_details")).GetValue(engine);
        var name3 = (string)((PropertyInfo)Need(engineType.GetProperty("MapName3", Any), "MapName3"))
            .GetValue(engine, null);
        var info = (byte[,])((FieldInfo)Need(engineType.GetField("_dungeonInfo", Any), "_dungeonInfo"))
            .GetValue(null);
        if (info == null || info.GetLength(1) != RowBytes)
            throw new InvalidDataException("_dungeonInfo is not a [16, 1336] array");
        var sb = new StringBuilder();
        sb.Append("{\"rank\":").Append(rank).Append(",\"seed\":").Append(seed).Append(",\"details\":[");
        for (int i = 0; i < details.Length; i++)
            sb.Append(i > 0 ? "," : "").Append(details[i]);
        sb.Append("],\"name3\":");
        Quote(sb, name3);
        sb.Append(",\"rows\":[");
        int n = Math.Min(FloorCount(), info.GetLength(0));
        for (int f = 0; f < n; f++)
        {
            sb.Append(f > 0 ? ",\"" : "\"");
            for (int b = 0; b < RowBytes; b++)
                sb.Append(info[f, b].ToString("x2"));
            sb.Append('"');
        }
        return sb.Append("]}").ToString();
    }

    static int Main(string[] args)
    {
        if (args.Length != 1)
        {
            Console.Error.WriteLine("usage: mono Driver.exe PATH/TO/DQCheat.Patched.0.7.exe (requests on stdin)");
            return 2;
        }
        var stdout = new StreamWriter(Console.OpenStandardOutput()) { AutoFlush = true, NewLine = "\n" };
        string line = null;
        try
        {
            engineType = Assembly.LoadFrom(args[0]).GetType("DQ9_Cheat.GameData.TreasureMapDetailData", true);
            engine = Activator.CreateInstance(engineType, true);
            while ((line = Console.In.ReadLine()) != null)
            {
                var w = line.Split(' ');
                byte rank;
                ushort seed, t = 0;
                byte k = 0;
                if (!(w.Length == 3 && (w[0] == "count" || w[0] == "raw") ||
                      w.Length == 5 && w[0] == "items" && byte.TryParse(w[3], out k) && k >= 1 && k <= 16 &&
                      ushort.TryParse(w[4], out t)) ||
                    !byte.TryParse(w[1], out rank) || !ushort.TryParse(w[2], out seed))
                {
                    Console.Error.WriteLine("Driver.exe: bad request '" + line +
                                            "': expected 'count Q SEED', 'raw Q SEED' or 'items Q SEED K T' (decimal)");
                    return 2;
                }
                if (w[0] == "items")
                    stdout.WriteLine(Items(rank, seed, k, t));
                else if (w[0] == "count")
                {
                    Run(rank, seed, false);
                    stdout.WriteLine("{\"floors\":" + FloorCount() + "}");
                }
                else
                    stdout.WriteLine(Raw(rank, seed));
            }
        }
        catch (Exception e)
        {
            var inner = e is TargetInvocationException && e.InnerException != null ? e.InnerException : e;
            Console.Error.WriteLine("Driver.exe: the editor's engine failed" +
                                    (line != null ? " on '" + line + "'" : "") + ": " +
                                    inner.GetType().Name + ": " + inner.Message.Replace('\n', ' '));
            return 3;
        }
        return 0;
    }
}
