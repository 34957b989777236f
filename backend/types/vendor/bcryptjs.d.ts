// The part of bcryptjs (users-permissions' password hashing, no types of its own here) that src/auth uses.
declare module 'bcryptjs' {
  const bcrypt: {
    compareSync(password: string, hash: string): boolean;
    hashSync(password: string, rounds: number): string;
  };
  export default bcrypt;
}
