import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;

/**
 * Plays a coursework Rogue {@code Monster} or {@code Rogue} class (XJTLU CPT204 CW3,
 * after Princeton COS 226) for {@code gridlab rogue grade}, speaking the line protocol
 * of gridlab's docs/rogue-player-protocol.md.
 *
 * <p>Compile it beside the coursework kit (Game, Dungeon, Site, In) and the student's
 * Monster and Rogue, in the same folder (the default package):
 *
 * <pre>
 *   javac -d classes *.java path/to/RoguePlayerAdapter.java
 *   gridlab rogue grade --monster "java -cp classes RoguePlayerAdapter" DUNGEONS...
 * </pre>
 *
 * <p>It builds the kit's own {@code Game} from the dungeon gridlab sends (so the
 * student's constructors run as under the stock referee), and before each move sets
 * the game's two sites (the kit has no setters: its private fields
 * {@code monsterSite} and {@code rogueSite}) and calls the student's {@code move()}.
 * What the student's code prints on standard output goes to standard error, which
 * gridlab logs; standard output carries only the protocol.
 */
public class RoguePlayerAdapter {
    public static void main(String[] args) throws Exception {
        InputStream stdin = System.in;
        PrintStream protocol = new PrintStream(
                new FileOutputStream(FileDescriptor.out), true, "UTF-8");
        System.setOut(System.err);
        BufferedReader in = new BufferedReader(
                new InputStreamReader(stdin, StandardCharsets.UTF_8));

        String hello = in.readLine();
        if (!"rogue-player 1".equals(hello)) {
            throw new IllegalStateException("not the rogue-player 1 protocol: " + hello);
        }
        String side = in.readLine().trim().split("\\s+")[1]; // "side monster" or "side rogue"

        // The dungeon exactly as a coursework file: N, then N rows.
        String size = in.readLine();
        int n = Integer.parseInt(size.trim());
        StringBuilder file = new StringBuilder(size).append('\n');
        for (int i = 0; i < n; i++) file.append(in.readLine()).append('\n');
        in.readLine(); // "start MI MJ RI RJ": the sites are in the dungeon too

        // The kit reads its dungeon from In(), which wraps System.in when constructed.
        System.setIn(new ByteArrayInputStream(file.toString().getBytes(StandardCharsets.UTF_8)));
        Game game = new Game(new In());
        System.setIn(stdin);

        Field monsterSite = Game.class.getDeclaredField("monsterSite");
        Field rogueSite = Game.class.getDeclaredField("rogueSite");
        monsterSite.setAccessible(true);
        rogueSite.setAccessible(true);
        // The game's own player (constructed by Game, as the stock referee does).
        Class<?> playerClass = side.equals("monster") ? Monster.class : Rogue.class;
        Object player = null;
        for (Field f : Game.class.getDeclaredFields()) {
            if (f.getType() == playerClass) {
                f.setAccessible(true);
                player = f.get(game);
            }
        }
        if (player == null) {
            throw new IllegalStateException("Game has no " + playerClass.getName() + " field");
        }
        Method move = playerClass.getMethod("move");
        protocol.println("ready");

        for (String line; (line = in.readLine()) != null; ) {
            String[] w = line.trim().split("\\s+");
            if (w[0].equals("end")) break;
            // turn T MI MJ RI RJ
            monsterSite.set(game, new Site(Integer.parseInt(w[2]), Integer.parseInt(w[3])));
            rogueSite.set(game, new Site(Integer.parseInt(w[4]), Integer.parseInt(w[5])));
            Site next = (Site) move.invoke(player);
            protocol.println(next == null ? "null" : next.i() + " " + next.j());
        }
    }
}
