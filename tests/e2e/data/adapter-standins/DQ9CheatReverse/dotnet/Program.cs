// Stand-in for DQ9CheatReverse's dotnet/Program.cs, for the tests of
// tools/adapters/cheatreverse.py only: the three constants under the tool's
// names. SNAP_SHOT is the tool's own value (its work areas of map B50E5C as
// the floor generator leaves them); SNAP_SHOT2 is the hash of grotto's work
// areas of that map with the chest ranks written at bytes 9.. (a state the
// adapter must recognise); SNAP_SHOT_Z is the tool's own, which no state the
// adapter computes reproduces.
static class Debug
{
    const string SNAP_SHOT = "5D-0F-48-CD-F0-46-EF-7C-57-8B-6D-C8-AC-E9-5C-AB-16-6C-FA-B2-C4-B0-80-E3-8A-CF-88-CB-21-8A-27-88";
    const string SNAP_SHOT2 = "73-21-58-D2-D3-9C-EF-D0-CE-BB-98-7D-69-72-07-BE-7E-E7-A6-0A-B9-7E-B4-AF-8B-FB-D6-C3-13-9C-B2-42";
    const string SNAP_SHOT_Z = "76-E8-35-ED-14-28-FB-17-84-B9-7A-DB-24-99-EC-3F-BD-5C-2F-E7-99-AC-FB-8C-7F-9A-D2-D3-2E-73-7D-94";
}
