// Stand-in for DQ9CheatReverse's dotnet/Program.cs, for the tests of
// tools/adapters/cheatreverse.py only: the tool's three constants under its
// names, the values of 7135fe0 (facts: SHA-256 hashes of its work areas of
// map B50E5C): SNAP_SHOT after the floor generator, SNAP_SHOT2 after the
// first bytes of its enemy-list step, SNAP_SHOT_Z after the whole step.
static class Debug
{
    const string SNAP_SHOT = "5D-0F-48-CD-F0-46-EF-7C-57-8B-6D-C8-AC-E9-5C-AB-16-6C-FA-B2-C4-B0-80-E3-8A-CF-88-CB-21-8A-27-88";
    const string SNAP_SHOT2 = "6F-54-99-4C-F6-D1-F9-68-CE-BA-82-D6-EC-3B-33-77-FB-54-B7-D5-71-53-1C-F2-DB-6B-8C-12-4F-2F-72-A2";
    const string SNAP_SHOT_Z = "76-E8-35-ED-14-28-FB-17-84-B9-7A-DB-24-99-EC-3F-BD-5C-2F-E7-99-AC-FB-8C-7F-9A-D2-D3-2E-73-7D-94";
}
