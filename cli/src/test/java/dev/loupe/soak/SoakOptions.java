package dev.loupe.soak;

/**
 * The soak's settings, from {@code --name value} pairs.
 *
 * @param requests   requests in the fault phase
 * @param clients    concurrent clients
 * @param faultRate  the share of model calls answered with a fault
 * @param killBatch  requests in flight around the {@code kill -9}
 * @param seed       seeds the behaviours and the faults
 */
record SoakOptions(int requests, int clients, double faultRate, int killBatch, long seed) {

    static SoakOptions parse(String[] args) {
        int requests = 200;
        int clients = 6;
        double faultRate = 0.3;
        int killBatch = 12;
        long seed = 20;
        for (int i = 0; i + 1 < args.length; i += 2) {
            String value = args[i + 1];
            switch (args[i]) {
                case "--requests" -> requests = Integer.parseInt(value);
                case "--clients" -> clients = Integer.parseInt(value);
                case "--fault-rate" -> faultRate = Double.parseDouble(value);
                case "--kill-batch" -> killBatch = Integer.parseInt(value);
                case "--seed" -> seed = Long.parseLong(value);
                default -> throw new IllegalArgumentException("unknown option " + args[i]
                        + "; known: --requests --clients --fault-rate --kill-batch --seed");
            }
        }
        if (args.length % 2 != 0) {
            throw new IllegalArgumentException("options come in pairs: --name value");
        }
        return new SoakOptions(requests, clients, faultRate, killBatch, seed);
    }
}
