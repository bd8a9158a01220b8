/**
 * bcrypt's least cost, for the servers the suites start in this process. At the product's floor
 * (10) one signup or login costs ~75 ms of CPU on a two-core host, and the suites sign up and log
 * in hundreds of people; at 4, about 1 ms. What the cost is for, that guessing a stolen hash is
 * slow and that a login takes as long for an unknown email, is tested at the floor: the config's
 * own tests and the login timing test. The cluster's processes parse their config as production
 * does, so they hash at 10.
 */
export const TEST_BCRYPT_COST = 4;
